import type * as React from 'react';
import { formatCpfOrCnpj, formatPhone } from '@domain/documents';
import { formatDate } from '@domain/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Client } from '../types';

function Item({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm break-words">{children}</dd>
    </div>
  );
}

const missing = <span className="text-muted-foreground">Não informado</span>;

export function ClientProfileCard({ client }: { client: Client }) {
  const documentLabel = client.document?.length === 14 ? 'CNPJ' : 'CPF';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Dados do Cliente</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Item label="Email">
            {client.email ? (
              <a href={`mailto:${client.email}`} className="text-primary underline-offset-4 hover:underline">
                {client.email}
              </a>
            ) : (
              missing
            )}
          </Item>
          <Item label="Telefone">
            {client.phone ? (
              <a href={`tel:+55${client.phone}`} className="tabular-nums underline-offset-4 hover:underline">
                {formatPhone(client.phone)}
              </a>
            ) : (
              missing
            )}
          </Item>
          <Item label={documentLabel}>
            {client.document ? <span className="tabular-nums">{formatCpfOrCnpj(client.document)}</span> : missing}
          </Item>
          <Item label="Data de Nascimento">{client.birth_date ? formatDate(client.birth_date) : missing}</Item>
          <Item label="Cliente desde">{formatDate(client.created_at)}</Item>
          <Item label="Última atualização">{formatDate(client.updated_at)}</Item>
          <Item label="Observações" wide>
            {client.notes ? (
              <span className="whitespace-pre-line">{client.notes}</span>
            ) : (
              <span className="text-muted-foreground">Nenhuma observação</span>
            )}
          </Item>
        </dl>
      </CardContent>
    </Card>
  );
}
