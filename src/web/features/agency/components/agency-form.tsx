import type * as React from 'react';
import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { SaveIcon } from 'lucide-react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { agencyInputSchema, REGISTRATION_STATUSES, shareCapitalFieldSchema } from '@domain/agency/agency.schema';
import { maskCnpj, maskPhone } from '@domain/documents';
import { formatCents, formatDateTime } from '@domain/format';
import { parseBRLToCents } from '@domain/money';
import { CurrencyInput } from '@/components/ui/currency-input';
import { FormDateInput } from '@/components/ui/form-date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectOptions } from '@/components/ui/select';
import { CnpjInput, EmailInput, PhoneInput } from '@/components/ui/typed-inputs';
import { SubmitButton } from '@/components/ui/submit-button';
import { FormCard, FormCardQuery } from '@/components/form-card';
import { saveInPlace } from '@/lib/form';
import { toast } from '@/lib/toast';
import type { Agency } from '@/types/api';
import { useAgency } from '../api/get-agency';
import { useUpdateAgency } from '../api/update-agency';
import { ADMIN_ONLY_NOTE } from '@domain/auth/roles';
import { useRole } from '@/hooks/use-role';

/* The API takes centavos; people type "1.234,56". Every other rule is agencyInputSchema's. */
const agencyFormSchema = agencyInputSchema
  .omit({ share_capital_cents: true })
  .extend({ share_capital: shareCapitalFieldSchema });

type AgencyFormValues = z.input<typeof agencyFormSchema>;
type AgencyFormOutput = z.output<typeof agencyFormSchema>;
type AgencyFieldName = FieldPath<AgencyFormValues>;

const FIELD_LABELS: Record<AgencyFieldName, string> = {
  legal_name: 'Razão Social',
  trade_name: 'Nome Fantasia',
  cnpj: 'CNPJ',
  registration_status: 'Situação Cadastral',
  opened_on: 'Data de Abertura',
  address: 'Endereço',
  main_activity_code: 'CNAE Principal',
  share_capital: 'Capital Social',
  email: 'E-mail',
  phone: 'Telefone',
};
const FIELD_NAMES = Object.keys(FIELD_LABELS) as AgencyFieldName[];

/** "1.234,56": the pt-BR amount without the currency symbol. */
function formatCapital(cents: number): string {
  return formatCents(cents).replace(/^R\$\s*/, '');
}

function toFormValues(agency: Agency): AgencyFormValues {
  return {
    legal_name: agency.legal_name,
    trade_name: agency.trade_name,
    cnpj: maskCnpj(agency.cnpj),
    registration_status: agency.registration_status ?? '',
    opened_on: agency.opened_on ?? '',
    address: agency.address ?? '',
    main_activity_code: agency.main_activity_code ?? '',
    share_capital: agency.share_capital_cents === null ? '' : formatCapital(agency.share_capital_cents),
    email: agency.email ?? '',
    phone: agency.phone ? maskPhone(agency.phone) : '',
  };
}

export interface AgencyFormProps {
  /** Lets the page refresh what shows the agency elsewhere (the sidebar's trade name). */
  onUpdated?: (agency: Agency) => void;
}

export function AgencyForm({ onUpdated }: AgencyFormProps) {
  const agency = useAgency();
  return (
    <FormCardQuery query={agency} fields={10} errorTitle="Erro ao carregar agência">
      {(loaded) => <AgencyFormLoaded agency={loaded} onUpdated={onUpdated} />}
    </FormCardQuery>
  );
}

const SAVE_TEXTS = { saved: 'Agência atualizada', failed: 'Erro ao atualizar agência' };

function AgencyFormLoaded({ agency, onUpdated }: { agency: Agency; onUpdated: AgencyFormProps['onUpdated'] }) {
  const update = useUpdateAgency({ onUpdated });
  const { isAdmin } = useRole();
  const form = useForm<AgencyFormValues, unknown, AgencyFormOutput>({
    resolver: zodResolver(agencyFormSchema),
    defaultValues: toFormValues(agency),
    mode: 'all',
  });
  const { errors, isValid, touchedFields, dirtyFields, isSubmitted } = form.formState;
  const values = useWatch({ control: form.control });

  // Validate the stored record up front so the save button and the pending-fields hint are right
  // from the start (a fresh agency has no address or opening date yet).
  useEffect(() => {
    void form.trigger();
  }, [form]);

  /* A field shows its message once the user has dealt with it, or when it holds a stored value
     that is wrong; empty untouched fields are only listed next to the save button. */
  const errorOf = (name: AgencyFieldName): string | undefined => {
    const message = errors[name]?.message;
    if (!message) return undefined;
    const value = values[name];
    const hasValue = typeof value === 'string' && value.trim() !== '';
    return touchedFields[name] || dirtyFields[name] || isSubmitted || hasValue ? message : undefined;
  };
  const pending = FIELD_NAMES.filter((name) => errors[name]).map((name) => FIELD_LABELS[name]);

  const onSubmit = form.handleSubmit(
    ({ share_capital, ...input }) =>
      update.mutate(
        { ...input, share_capital_cents: share_capital },
        saveInPlace(form, SAVE_TEXTS, {
          toValues: toFormValues,
          knownFields: FIELD_NAMES,
          rename: { share_capital_cents: 'share_capital' },
        }),
      ),
    (invalid) => {
      if (invalid.cnpj) toast.error('CNPJ inválido', { description: 'Por favor, verifique o CNPJ informado.' });
    },
  );

  const statusOptions: string[] = [...REGISTRATION_STATUSES];
  if (values.registration_status && !statusOptions.includes(values.registration_status)) {
    statusOptions.push(values.registration_status);
  }

  return (
    <FormCard
      label="Dados da agência"
      title="Dados da Agência"
      description="Informações cadastrais da agência, usadas no painel e nos relatórios."
      onSubmit={onSubmit}
      readOnlyNote={isAdmin ? undefined : ADMIN_ONLY_NOTE}
      contentClassName="grid gap-5 md:grid-cols-2"
      footerClassName="flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between"
      footer={
        <>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {pending.length > 0
              ? `Para salvar, preencha corretamente: ${pending.join(', ')}.`
              : `Última atualização: ${formatDateTime(agency.updated_at)}`}
          </p>
          <SubmitButton pending={update.isPending} disabled={!isValid} icon={SaveIcon}>
            Salvar alterações
          </SubmitButton>
        </>
      }
    >
      <FormField id="agency-legal-name" label="Razão Social" error={errorOf('legal_name')} className="md:col-span-2">
        <Input autoComplete="organization" {...form.register('legal_name')} />
      </FormField>
      <FormField id="agency-trade-name" label="Nome Fantasia" error={errorOf('trade_name')}>
        <Input {...form.register('trade_name')} />
      </FormField>
      <FormField id="agency-cnpj" label="CNPJ" error={errorOf('cnpj')}>
        <CnpjInput {...form.register('cnpj')} />
      </FormField>
      <FormField id="agency-registration-status" label="Situação Cadastral" error={errorOf('registration_status')}>
        <Select {...form.register('registration_status')}>
          <option value="" disabled>
            Selecione...
          </option>
          <SelectOptions options={statusOptions.map((status) => ({ value: status, label: status }))} />
        </Select>
      </FormField>
      <FormField id="agency-opened-on" label="Data de Abertura" error={errorOf('opened_on')}>
        <FormDateInput control={form.control} name="opened_on" />
      </FormField>
      <FormField id="agency-address" label="Endereço" error={errorOf('address')} className="md:col-span-2">
        <Input
          autoComplete="street-address"
          placeholder="Rua, número, bairro, cidade/UF, CEP"
          {...form.register('address')}
        />
      </FormField>
      <FormField id="agency-main-activity-code" label="CNAE Principal" error={errorOf('main_activity_code')}>
        <Input placeholder="7911-2/00" {...form.register('main_activity_code')} />
      </FormField>
      <FormField id="agency-share-capital" label="Capital Social" error={errorOf('share_capital')}>
        <CurrencyInput
          placeholder="0,00"
          {...form.register('share_capital', {
            onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
              const cents = parseBRLToCents(event.target.value);
              if (cents !== null && cents >= 0)
                form.setValue('share_capital', formatCapital(cents), { shouldValidate: true });
            },
          })}
        />
      </FormField>
      <FormField id="agency-email" label="E-mail" error={errorOf('email')}>
        <EmailInput autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField id="agency-phone" label="Telefone" error={errorOf('phone')}>
        <PhoneInput {...form.register('phone')} />
      </FormField>
    </FormCard>
  );
}
