import type { FinanceSummary } from '@domain/finance/summary.schema';
import { formatCents, formatNumber } from '@domain/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The sales of miles of the period (issue #23): what they were sold for, what the miles cost, the
 * profit and what is still to come in. Apart from the emissions' figures (decision 0029); their
 * receipts are in the cash above, their instalments in "Contas a receber".
 */
export function SalesPeriodCard({ summary }: { summary: FinanceSummary | undefined }) {
  const sales = summary?.sales;
  if (sales && sales.sales === 0) return null;
  return (
    <Card className="gap-4" aria-labelledby="finance-sales-title">
      <CardHeader className="px-4 sm:px-5">
        <CardTitle id="finance-sales-title" className="text-base">
          Vendas de milhas do período
        </CardTitle>
        <CardDescription>
          {sales
            ? `${formatNumber(sales.sales)} ${sales.sales === 1 ? 'venda' : 'vendas'} de ${formatNumber(sales.miles)} milhas, pelo custo das milhas de cada lote.`
            : 'As milhas vendidas no período, pelo custo das milhas de cada lote.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-5">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-4">
          <Stacked label="Valor das vendas" cents={sales?.price_cents} testId="sales-price" />
          <Stacked label="Custo das milhas" cents={sales?.cost_cents} testId="sales-cost" />
          <Stacked label="Lucro" cents={sales?.profit_cents} testId="sales-profit" />
          <Stacked label="A receber" cents={sales?.to_receive_cents} testId="sales-to-receive" />
        </dl>
      </CardContent>
    </Card>
  );
}

/** A figure with its label above it (four side by side on a wide screen, two on a phone). */
function Stacked({ label, cents, testId }: { label: string; cents: number | undefined; testId: string }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd data-testid={testId} className="text-base font-semibold tracking-tight tabular-nums sm:text-lg">
        {cents === undefined ? <Skeleton className="h-6 w-24" /> : formatCents(cents)}
      </dd>
    </div>
  );
}
