import { useState } from 'react';
import { HandCoinsIcon } from 'lucide-react';
import { formatCents, formatNumber } from '@domain/format';
import { deferredDialog } from '@/components/deferred';
import { ListEmptyState, type ListEmptyTexts } from '@/components/list-empty-state';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PaginationFooter } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { usePagedList } from '@/hooks/use-paged-list';
import { cn } from '@/lib/utils';
import { useSales } from '../api/get-sales';
import type { SaleList } from '../types';
import { useSaleToCancel } from './cancel-sale-dialog';
import { SaleItem, SaleSkeletonItem } from './sale-item';

// Loaded once the page is interactive, or when opened (components/deferred.tsx): not with /lotes.
const SaleDialog = deferredDialog(async () => (await import('./sale-dialog')).SaleDialog);

const SKELETON_ROWS = 2;

const EMPTY: ListEmptyTexts = {
  icon: HandCoinsIcon,
  title: 'Nenhuma venda de milhas',
  noMatch: '',
  start: 'Use "Vender milhas" para vender milhas de uma conta a outra agência ou a um comprador, à vista ou parcelado.',
};

/**
 * 'Vendas de milhas' on /lotes (issue #23): every sale, newest first — its buyer, account, miles,
 * price per thousand, what it was sold for, what the miles cost and the profit, the instalments
 * received — with the active sales summed above, and 'Cancelar venda' while nothing was received.
 */
export function SalesSection() {
  const [page, setPage] = useState(1);
  const [selling, setSelling] = useState(false);
  const sales = useSales(page);
  const toCancel = useSaleToCancel();
  const { list, rows, stale, onPageChange } = usePagedList(sales, page, ({ page: next }) => setPage(next));

  return (
    <Card role="region" aria-labelledby="sales-title" className="gap-4 pb-0">
      <CardHeader>
        <CardTitle id="sales-title">Vendas de milhas</CardTitle>
        <CardDescription>
          Milhas vendidas das contas da agência e dos clientes, com o custo das milhas de cada lote e o lucro. As
          parcelas aparecem em Contas a receber, no financeiro.
        </CardDescription>
      </CardHeader>

      {sales.isError && !list ? (
        <CardContent className="pb-5">
          <QueryErrorState title="Erro ao carregar as vendas" query={sales} />
        </CardContent>
      ) : (
        <>
          {!(rows && rows.length === 0) && (
            <CardContent>
              <SalesTotals totals={list?.totals} />
            </CardContent>
          )}
          <div className="border-t">
            {rows && rows.length === 0 ? (
              <ListEmptyState texts={EMPTY} filtered={false}>
                <Button variant="outline" size="sm" onClick={() => setSelling(true)}>
                  <HandCoinsIcon aria-hidden="true" />
                  Vender milhas
                </Button>
              </ListEmptyState>
            ) : (
              <ul
                aria-label="Vendas"
                aria-busy={rows === undefined || stale}
                className={cn('divide-y transition-opacity', stale && 'opacity-60')}
              >
                {rows === undefined
                  ? Array.from({ length: SKELETON_ROWS }, (_, i) => <SaleSkeletonItem key={i} />)
                  : rows.map((sale) => <SaleItem key={sale.id} sale={sale} onCancel={toCancel.choose} />)}
              </ul>
            )}
          </div>
          <PaginationFooter list={list} itemLabel="vendas" onPageChange={onPageChange} />
        </>
      )}

      <SaleDialog open={selling} onOpenChange={setSelling} />
      {toCancel.dialog}
    </Card>
  );
}

/** The active sales summed (every page): how many, the miles, what they were sold for, their cost and profit. */
function SalesTotals({ totals }: { totals: SaleList['totals'] | undefined }) {
  const figures = [
    { key: 'sales', label: 'Vendas ativas', value: totals && formatNumber(totals.sales) },
    { key: 'miles', label: 'Milhas vendidas', value: totals && formatNumber(totals.miles) },
    { key: 'price', label: 'Valor', value: totals && formatCents(totals.price_cents) },
    { key: 'cost', label: 'Custo', value: totals && formatCents(totals.cost_cents) },
    {
      key: 'profit',
      label: totals && totals.profit_cents < 0 ? 'Prejuízo' : 'Lucro',
      value: totals && formatCents(Math.abs(totals.profit_cents)),
      className: totals && (totals.profit_cents < 0 ? 'text-destructive' : 'text-success'),
    },
  ];
  return (
    <dl
      aria-label="Totais das vendas ativas"
      className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg bg-muted/40 px-4 py-3 sm:grid-cols-3 lg:grid-cols-5"
      data-testid="sales-totals"
    >
      {figures.map((figure) => (
        <div key={figure.key} className="min-w-0 space-y-0.5">
          <dt className="text-xs text-muted-foreground">{figure.label}</dt>
          <dd className={cn('font-semibold tabular-nums', figure.className)} data-testid={`sales-total-${figure.key}`}>
            {figure.value ?? <Skeleton className="mt-1 h-4 w-20" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
