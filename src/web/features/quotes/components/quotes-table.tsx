import type * as React from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCents, formatDate, formatDateTime, formatNumber } from '@domain/format';
import type { Quote } from '@domain/quotes/quote.schema';
import { ListCards, ListTable } from '@/components/list-rows';
import { ProgramLabel } from '@/components/program-label';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { TruncatedText } from '@/components/ui/truncated-text';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';
import { routeArrows } from '../quote-display';
import { QuoteStatusBadge } from './quote-status-badge';

const SKELETON_ROWS = 6;
const COLUMN_COUNT = 8;

export interface QuotesTableProps {
  /** undefined while the first page loads. */
  quotes: Quote[] | undefined;
  refreshing: boolean;
  empty: React.ReactNode;
}

const detailPath = (quote: Pick<Quote, 'id'>) => `/cotacoes/${quote.id}`;

function ClientText({ name }: { name: string | null }) {
  return name ? <>{name}</> : <span className="text-muted-foreground italic">Sem cliente</span>;
}

function Validity({ quote }: { quote: Quote }) {
  const open = quote.status === 'draft' || quote.status === 'sent';
  return (
    <span className={cn('tabular-nums', !open && 'text-muted-foreground')}>{formatDateTime(quote.valid_until)}</span>
  );
}

function WideSkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_row, i) => (
    <TableRow key={i} className="hover:bg-transparent" data-testid="quote-skeleton-row">
      {Array.from({ length: COLUMN_COUNT }, (_cell, j) => (
        <TableCell key={j}>
          <Skeleton className={cn('h-4', j === 1 ? 'w-32' : 'w-16', [4, 5].includes(j) && 'ml-auto')} />
        </TableCell>
      ))}
    </TableRow>
  ));
}

function NarrowSkeletonItems() {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <li key={i} className="space-y-2 px-4 py-3" data-testid="quote-skeleton-row">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-3 w-56" />
    </li>
  ));
}

/** /cotacoes: a table from 768 px, a list of cards below. */
export function QuotesTable(props: QuotesTableProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  return wide ? <WideTable {...props} /> : <NarrowList {...props} />;
}

function WideTable({ quotes, refreshing, empty }: QuotesTableProps) {
  const navigate = useNavigate();
  return (
    <ListTable
      label="Cotações"
      className="min-w-[860px]"
      head={
        <>
          <TableHead>Criada em</TableHead>
          <TableHead>Cliente</TableHead>
          <TableHead>Rota</TableHead>
          <TableHead>Programa</TableHead>
          <TableHead className="text-right">Milhas</TableHead>
          <TableHead className="text-right">Preço</TableHead>
          <TableHead>Validade</TableHead>
          <TableHead>Status</TableHead>
        </>
      }
      rows={quotes}
      refreshing={refreshing}
      columns={COLUMN_COUNT}
      skeleton={<WideSkeletonRows />}
      empty={empty}
    >
      {(quote) => (
        <TableRow
          key={quote.id}
          data-testid="quote-row"
          className="cursor-pointer"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) return;
            void navigate(detailPath(quote));
          }}
        >
          <TableCell className="whitespace-nowrap tabular-nums">
            <Link
              to={detailPath(quote)}
              className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40"
            >
              {formatDate(quote.created_at)}
              <span className="sr-only">
                {`: abrir cotação ${quote.route}${quote.client_name ? ` de ${quote.client_name}` : ''}`}
              </span>
            </Link>
          </TableCell>
          <TableCell>
            {quote.client_name ? (
              <TruncatedText className="block max-w-[10rem] font-medium 2xl:max-w-[14rem]" text={quote.client_name} />
            ) : (
              <ClientText name={null} />
            )}
          </TableCell>
          <TableCell className="font-mono text-sm whitespace-nowrap">{quote.route}</TableCell>
          <TableCell className="max-w-[8.5rem]">
            <ProgramLabel program={quote.program} />
          </TableCell>
          <TableCell className="text-right tabular-nums">{formatNumber(quote.miles)}</TableCell>
          <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">
            {formatCents(quote.price_cents)}
          </TableCell>
          <TableCell className="whitespace-nowrap">
            <Validity quote={quote} />
          </TableCell>
          <TableCell>
            <QuoteStatusBadge status={quote.status} data-testid="quote-status" />
          </TableCell>
        </TableRow>
      )}
    </ListTable>
  );
}

function NarrowList({ quotes, refreshing, empty }: QuotesTableProps) {
  return (
    <ListCards
      rows={quotes}
      refreshing={refreshing}
      label="Cotações"
      loadingLabel="Carregando cotações"
      skeleton={<NarrowSkeletonItems />}
      empty={empty}
    >
      {(quote) => (
        <li key={quote.id} data-testid="quote-row">
          <Link
            to={detailPath(quote)}
            className="flex flex-col gap-1.5 px-4 py-3 outline-none hover:bg-muted/50 focus-visible:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-inset"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate font-mono text-sm font-medium">{routeArrows(quote.route)}</span>
              <QuoteStatusBadge status={quote.status} data-testid="quote-status" />
            </div>
            <p className="truncate text-sm">
              <ClientText name={quote.client_name} />
            </p>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <ProgramLabel program={quote.program} />
              <span className="tabular-nums">{formatNumber(quote.miles)} milhas</span>
              <span className="tabular-nums">Criada em {formatDate(quote.created_at)}</span>
            </div>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="text-xs text-muted-foreground">
                Válida até <Validity quote={quote} />
              </span>
              <span className="font-semibold tabular-nums">{formatCents(quote.price_cents)}</span>
            </div>
          </Link>
        </li>
      )}
    </ListCards>
  );
}
