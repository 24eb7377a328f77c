import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@domain/finance/entry.schema';
import type { FinanceSummary } from '@domain/finance/summary.schema';
import { formatCents } from '@domain/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

const methodLabel = (method: PaymentMethod | null) => (method ? PAYMENT_METHOD_LABELS[method] : 'Não informado');
const order = (method: PaymentMethod | null) => (method ? PAYMENT_METHODS.indexOf(method) : PAYMENT_METHODS.length);

function Figure({ label, cents, testId }: { label: string; cents: number | undefined; testId: string }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-3 py-2.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        data-testid={testId}
        className="text-base font-semibold tracking-tight whitespace-nowrap tabular-nums sm:text-lg"
      >
        {cents === undefined ? <Skeleton className="h-6 w-24" /> : formatCents(cents)}
      </dd>
    </div>
  );
}

/** Cash (caixa): what came in and went out in the period's postings, in all and per payment method. */
export function CashCard({ summary, className }: { summary: FinanceSummary | undefined; className?: string }) {
  const cash = summary?.cash;
  const rows = cash ? [...cash.by_method].sort((x, y) => order(x.method) - order(y.method)) : [];
  return (
    <Card className={cn('gap-4', className)} aria-labelledby="finance-cash-title">
      <CardHeader className="px-4 sm:px-5">
        <CardTitle id="finance-cash-title" className="text-base">
          Caixa do período
        </CardTitle>
        <CardDescription>
          O dinheiro que de fato entrou e saiu, pela data de cada lançamento financeiro.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 px-4 sm:px-5 lg:grid-cols-[2fr_3fr] lg:gap-8">
        <dl className="divide-y self-start">
          <Figure label="Entradas" cents={cash?.in_cents} testId="cash-in" />
          <Figure label="Saídas" cents={cash?.out_cents} testId="cash-out" />
          <Figure label="Saldo" cents={cash?.net_cents} testId="cash-net" />
        </dl>
        {cash === undefined ? (
          <Skeleton className="h-24 w-full" />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum lançamento no período.</p>
        ) : (
          <Table aria-label="Caixa por forma de pagamento" className="text-xs sm:text-sm">
            <TableHeader>
              <TableRow>
                <TableHead className="px-2 sm:px-3">Forma</TableHead>
                <TableHead className="px-2 text-right sm:px-3">Entradas</TableHead>
                <TableHead className="px-2 text-right sm:px-3">Saídas</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.method ?? 'none'}>
                  <TableCell className="px-2 sm:px-3">{methodLabel(row.method)}</TableCell>
                  <TableCell className="px-2 text-right whitespace-nowrap tabular-nums sm:px-3">
                    {formatCents(row.in_cents)}
                  </TableCell>
                  <TableCell className="px-2 text-right whitespace-nowrap tabular-nums sm:px-3">
                    {formatCents(row.out_cents)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
