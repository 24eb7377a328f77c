import { formatCpfOrCnpj, formatPhone } from '@domain/documents';
import { formatDate } from '@domain/format';
import { DetailCard, DetailItem, NOT_INFORMED, NotesItem } from '@/components/detail-card';
import type { Client } from '../types';

export function ClientProfileCard({ client }: { client: Client }) {
  const documentLabel = client.document?.length === 14 ? 'CNPJ' : 'CPF';
  return (
    <DetailCard title="Dados do Cliente">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <DetailItem label="Email">
          {client.email ? (
            <a href={`mailto:${client.email}`} className="text-primary underline-offset-4 hover:underline">
              {client.email}
            </a>
          ) : (
            NOT_INFORMED
          )}
        </DetailItem>
        <DetailItem label="Telefone">
          {client.phone ? (
            <a href={`tel:+55${client.phone}`} className="tabular-nums underline-offset-4 hover:underline">
              {formatPhone(client.phone)}
            </a>
          ) : (
            NOT_INFORMED
          )}
        </DetailItem>
        <DetailItem label={documentLabel}>
          {client.document ? <span className="tabular-nums">{formatCpfOrCnpj(client.document)}</span> : NOT_INFORMED}
        </DetailItem>
        <DetailItem label="Data de Nascimento">
          {client.birth_date ? formatDate(client.birth_date) : NOT_INFORMED}
        </DetailItem>
        <DetailItem label="Cliente desde">{formatDate(client.created_at)}</DetailItem>
        <DetailItem label="Última atualização">{formatDate(client.updated_at)}</DetailItem>
        <NotesItem notes={client.notes} className="sm:col-span-2" />
      </dl>
    </DetailCard>
  );
}
