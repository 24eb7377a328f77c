import type { z } from 'zod';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { clientInputSchema, type ClientInput, type ClientStatus } from '@domain/clients/client.schema';
import { CPF_LENGTH, formatCpfOrCnpj, maskCnpj, maskCpf, maskPhone, onlyDigits } from '@domain/documents';
import { isProgramKey, type ProgramKey } from '@domain/programs';
import type { Client } from './types';
import { schemaResolver } from '@/lib/schema-resolver';

/** What the inputs hold: masked CPF and phone, '' for empty (clientInputSchema turns them into the API's values). */
export interface ClientFormValues {
  name: string;
  status: ClientStatus;
  email: string;
  phone: string;
  document: string;
  birth_date: string;
  notes: string;
  tags: string[];
  loyalty_accounts: { id?: string; program: ProgramKey; account_number: string; nickname: string | null }[];
}

// Keeps the resolver cast below honest: this fails to compile unless every form value is one
// the schema accepts.
type Assignable<T extends U, U> = T;
type _FormFitsSchema = Assignable<ClientFormValues, z.input<typeof clientInputSchema>>;

/** The form's values are a narrower shape of the schema's input (no undefined or null fields). */
export const clientFormResolver = schemaResolver<ClientFormValues, ClientInput>(clientInputSchema);

export type ClientForm = UseFormReturn<ClientFormValues, unknown, ClientInput>;

/** The id of a field's control, unique per dialog: `client-new-birth-date`. */
export type ClientFieldId = (name: FieldPath<ClientFormValues>) => string;

export const CLIENT_BASE_FIELDS = ['name', 'status', 'email', 'phone', 'document', 'birth_date', 'notes'] as const;

/* The field is labelled CPF (spec part 1 §2) but companies are clients too: past 11 digits the
   mask becomes the CNPJ one, which the shared schema accepts. */
export function maskDocument(typed: string): string {
  return onlyDigits(typed).length > CPF_LENGTH ? maskCnpj(typed) : maskCpf(typed);
}

export function toClientFormValues(client: Client | null): ClientFormValues {
  if (!client) {
    return {
      name: '',
      status: 'active',
      email: '',
      phone: '',
      document: '',
      birth_date: '',
      notes: '',
      tags: [],
      loyalty_accounts: [],
    };
  }
  return {
    name: client.name,
    status: client.status,
    email: client.email ?? '',
    phone: client.phone ? maskPhone(client.phone) : '',
    document: client.document ? formatCpfOrCnpj(client.document) : '',
    birth_date: client.birth_date ?? '',
    notes: client.notes ?? '',
    tags: client.tags,
    loyalty_accounts: client.loyalty_accounts.flatMap((a) =>
      isProgramKey(a.program)
        ? [{ id: a.id, program: a.program, account_number: a.account_number, nickname: a.nickname }]
        : [],
    ),
  };
}
