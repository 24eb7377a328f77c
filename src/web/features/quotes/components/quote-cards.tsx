import { AlertTriangleIcon, InfoIcon, OctagonAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatDate, formatDateTime, formatNumber, formatPercent } from '@domain/format';
import { cardOptionText } from '@domain/quotes/payment';
import type { Quote } from '@domain/quotes/quote.schema';
import { COST_SOURCE_LABELS } from '@domain/simulator/simulator.rules';
import { RAV_MODE_LABELS } from '@domain/simulator/simulator.schema';
import { DetailCard, DetailItem, NotesItem } from '@/components/detail-card';
import { ProgramLabel } from '@/components/program-label';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCostPerThousand } from '@/lib/cost-format';
import { cn } from '@/lib/utils';
import { routeArrows, validityText } from '../quote-display';

/** The trip, the client and the validity: what the proposal tells the client. */
export function QuoteTripCard({ quote }: { quote: Quote }) {
  return (
    <DetailCard title="Viagem e cliente">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
        <DetailItem compact label="Cliente">
          {quote.client_id && quote.client_name ? (
            <Link
              to={`/clientes/${quote.client_id}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {quote.client_name}
            </Link>
          ) : (
            <span className="text-muted-foreground">Sem cliente</span>
          )}
          {quote.client_email && <span className="block text-xs text-muted-foreground">{quote.client_email}</span>}
        </DetailItem>
        <DetailItem compact label="Rota">
          <span className="font-mono">{routeArrows(quote.route)}</span>
        </DetailItem>
        <DetailItem compact label="Ida">
          {quote.departure_date ? formatDate(quote.departure_date) : '—'}
        </DetailItem>
        <DetailItem compact label="Volta">
          {quote.return_date ? formatDate(quote.return_date) : '—'}
        </DetailItem>
        <DetailItem compact label={`Passageiros (${quote.passengers.length})`} className="sm:col-span-2">
          {quote.passengers.length > 0 ? (
            <ul className="grid gap-0.5">
              {quote.passengers.map((name, i) => (
                <li key={`${name}-${i}`}>{name}</li>
              ))}
            </ul>
          ) : (
            <span className="text-muted-foreground">Não informados</span>
          )}
        </DetailItem>
        <DetailItem compact label="Programa">
          <ProgramLabel program={quote.program} />
        </DetailItem>
        <DetailItem compact label="Conta">
          <span className="tabular-nums">{quote.account_number ?? '—'}</span>
        </DetailItem>
        <DetailItem compact label="Validade">
          {validityText(quote.validity_hours)} · até{' '}
          <span className="tabular-nums" data-testid="quote-valid-until">
            {formatDateTime(quote.valid_until)}
          </span>
        </DetailItem>
        <DetailItem compact label="Emissão">
          {quote.emission_id ? (
            <Link
              to={`/emissoes/${quote.emission_id}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
              data-testid="quote-emission-link"
            >
              Ver emissão
            </Link>
          ) : (
            <span className="text-muted-foreground">Ainda não convertida</span>
          )}
        </DetailItem>
        <NotesItem notes={quote.notes} className="sm:col-span-2" />
      </dl>
    </DetailCard>
  );
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={cn(strong ? 'font-medium' : 'text-muted-foreground')}>{label}</dt>
      <dd className={cn('tabular-nums', strong && 'font-semibold')}>{value}</dd>
    </div>
  );
}

const WARNING_ICONS = { destructive: OctagonAlertIcon, warning: AlertTriangleIcon, info: InfoIcon } as const;

/** The figures as saved: cost, markup, price and margin (the agency's own; the proposal shows only the price). */
export function QuotePriceCard({ quote }: { quote: Quote }) {
  return (
    <DetailCard
      title="Preço e margem"
      note={
        <p className="text-xs text-muted-foreground">
          {COST_SOURCE_LABELS[quote.cost_source]}: {formatCostPerThousand(quote.cost_per_thousand)} por milheiro ·{' '}
          {formatNumber(quote.miles)} milhas · uso interno
        </p>
      }
    >
      <dl className="grid gap-2 text-sm">
        <Line label="Custo das milhas" value={formatCents(quote.miles_cost_cents)} />
        <Line label="Taxas de embarque" value={formatCents(quote.fees_cents)} />
        <Line label={`RAV (${RAV_MODE_LABELS[quote.rav_mode].toLowerCase()})`} value={formatCents(quote.rav_cents)} />
        <Line label={`Markup (${quote.markup_percent.replace('.', ',')}%)`} value={formatCents(quote.markup_cents)} />
        <div className="mt-1 flex items-baseline justify-between gap-4 border-t pt-3">
          <dt className="font-semibold">Preço</dt>
          <dd className="text-2xl font-semibold tracking-tight tabular-nums" data-testid="quote-price">
            {formatCents(quote.price_cents)}
          </dd>
        </div>
        <Line label="Margem líquida" value={formatCents(quote.margin_cents)} strong />
        <Line label="Margem %" value={formatPercent(quote.margin_percent, 2)} strong />
      </dl>
      {quote.warnings.length > 0 && (
        <div className="mt-4 grid gap-2">
          {quote.warnings.map((w) => {
            const Icon = WARNING_ICONS[w.severity];
            return (
              <Alert key={w.code} variant={w.severity === 'info' ? 'default' : w.severity} role="note">
                <Icon aria-hidden="true" />
                <AlertDescription>{w.message}</AlertDescription>
              </Alert>
            );
          })}
        </div>
      )}
    </DetailCard>
  );
}

/** PIX à vista and the card from 1× to 12× with the interest the agency quoted with. */
export function PaymentOptionsCard({ quote }: { quote: Quote }) {
  const { pix, card } = quote.payment_options;
  return (
    <DetailCard title="Formas de pagamento">
      <div className="grid gap-4">
        <div className="flex items-baseline justify-between gap-4 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
          <span className="font-medium">PIX à vista</span>
          <span className="font-semibold tabular-nums" data-testid="quote-pix">
            {formatCents(pix.total_cents)}
          </span>
        </div>
        <div className="overflow-x-auto">
          <Table aria-label="Parcelamento no cartão" className="text-sm">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Cartão</TableHead>
                <TableHead className="text-right">Parcela</TableHead>
                <TableHead className="text-right">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {card.map((option) => (
                <TableRow key={option.instalments} data-testid="quote-card-option" title={cardOptionText(option)}>
                  <TableCell className="whitespace-nowrap">
                    <span className="font-medium tabular-nums">{option.instalments}×</span>
                    <span className="block text-xs text-muted-foreground tabular-nums">
                      {option.interest_percent === 0
                        ? 'sem juros'
                        : `juros ${formatPercent(option.interest_percent, 2)}`}
                    </span>
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatCents(option.instalment_cents)}
                    {option.first_instalment_cents !== option.instalment_cents && (
                      <span className="block text-xs text-muted-foreground">
                        1ª de {formatCents(option.first_instalment_cents)}
                      </span>
                    )}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatCents(option.total_cents)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </div>
    </DetailCard>
  );
}
