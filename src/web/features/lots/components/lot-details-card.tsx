import { Link } from 'react-router';
import { formatDate, formatDateTime, formatNumber, formatPercent } from '@domain/format';
import { utilisationPercent } from '@domain/lots/lot.rules';
import { ProgramLabel } from '@/components/program-label';
import { DetailCard, DetailItem, NOT_INFORMED, NotesItem, type DetailItemProps } from '@/components/detail-card';
import { Progress } from '@/components/ui/progress';
import type { Lot } from '../types';
import { ExpiryCountdown } from './expiry-countdown';
import { LotStatusBadge } from '@/components/lot-status-badge';

/* Long values wrap inside their column rather than widen it. */
function Item(props: DetailItemProps) {
  return <DetailItem className="min-w-0" {...props} />;
}

export interface LotDetailsCardProps {
  lot: Lot;
  today: string;
  warningDays: number;
}

/** 'Dados do Lote': everything the lot form captures, and its state. */
export function LotDetailsCard({ lot, today, warningDays }: LotDetailsCardProps) {
  return (
    <DetailCard title="Dados do Lote">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
        <Item label="Programa">
          <ProgramLabel program={lot.program} dotTestId="program-dot" />
        </Item>
        <Item label="Status">
          <LotStatusBadge status={lot.status} />
        </Item>
        <Item label="Conta">
          {lot.account_number ? (
            <span className="tabular-nums">
              {lot.account_number}
              {lot.account_nickname && <span className="text-muted-foreground"> · {lot.account_nickname}</span>}
            </span>
          ) : (
            NOT_INFORMED
          )}
        </Item>
        <Item label="Cliente">
          {lot.client_id && lot.client_name ? (
            <Link to={`/clientes/${lot.client_id}`} className="text-primary underline-offset-4 hover:underline">
              {lot.client_name}
            </Link>
          ) : (
            <span className="text-muted-foreground">Conta da agência</span>
          )}
        </Item>
        <Item label="Data de compra">
          <span className="tabular-nums">{formatDate(lot.purchase_date)}</span>
        </Item>
        <Item label="Vencimento">
          {lot.expiry_date ? (
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span className="tabular-nums">{formatDate(lot.expiry_date)}</span>
              <ExpiryCountdown expiryDate={lot.expiry_date} today={today} warningDays={warningDays} showDate={false} />
            </span>
          ) : (
            <span className="text-muted-foreground">Sem vencimento</span>
          )}
        </Item>
        <Item label="Fornecedor">{lot.supplier ?? NOT_INFORMED}</Item>
        <Item label="Cadastrado em">
          <span className="tabular-nums">{formatDateTime(lot.created_at)}</span>
        </Item>
        <NotesItem notes={lot.notes} className="col-span-2" />
      </dl>
    </DetailCard>
  );
}

/** 'Utilização': how much of the lot went into emissions. */
export function LotUtilisationCard({ lot }: { lot: Lot }) {
  const used = utilisationPercent(lot.original_quantity, lot.remaining_quantity);
  return (
    <DetailCard title="Utilização" contentClassName="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <p className="text-3xl font-semibold tracking-tight tabular-nums">{formatPercent(used)}</p>
        <p className="text-sm text-muted-foreground">usado</p>
      </div>
      <Progress value={used} aria-label={`Utilização: ${formatPercent(used)}`} className="h-3" />
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Compradas</dt>
          <dd className="font-medium tabular-nums">{formatNumber(lot.original_quantity)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Usadas</dt>
          <dd className="font-medium tabular-nums">{formatNumber(lot.used_quantity)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Restantes</dt>
          <dd className="font-medium tabular-nums">{formatNumber(lot.remaining_quantity)}</dd>
        </div>
      </dl>
    </DetailCard>
  );
}
