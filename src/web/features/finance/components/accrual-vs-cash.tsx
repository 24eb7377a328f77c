import type * as React from 'react';
import { Link } from 'react-router';
import type { FinanceSummary } from '@domain/finance/summary.schema';
import { formatCents } from '@domain/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

interface Line {
  key: string;
  label: string;
  hint: React.ReactNode;
  cents: number | undefined;
}

function LineItem({ line, className }: { line: Line; className?: string }) {
  return (
    <div className={cn('flex items-start justify-between gap-4 py-3', className)}>
      <dt className="min-w-0 space-y-0.5">
        <span className="block text-sm font-medium">{line.label}</span>
        <span className="block text-xs leading-snug text-muted-foreground">{line.hint}</span>
      </dt>
      <dd data-testid={`diff-${line.key}`} className="shrink-0 text-sm font-semibold whitespace-nowrap tabular-nums">
        {line.cents === undefined ? <Skeleton className="h-5 w-20" /> : formatCents(line.cents)}
      </dd>
    </div>
  );
}

/**
 * What separates the accrual view from the cash one (docs/decisions/0019): receivables, lots
 * bought (stock), miles used from earlier lots and postings on voided emissions; then the stock.
 */
export function AccrualVsCash({ summary, className }: { summary: FinanceSummary | undefined; className?: string }) {
  const d = summary?.differences;
  const lines: Line[] = [
    {
      key: 'receivables',
      label: 'A receber',
      hint: 'O que os clientes ainda devem hoje das vendas feitas até o fim do período: está na receita, não no caixa.',
      cents: summary?.receivables_cents,
    },
    {
      key: 'lot-purchases',
      label: 'Compras de lotes (estoque)',
      hint: 'Saíram do caixa no período, mas só viram custo quando as milhas forem usadas numa emissão.',
      cents: d?.lot_purchases_cents,
    },
    {
      key: 'miles-used',
      label: 'Custo das milhas usadas',
      hint: 'Está no custo das emissões do período; o dinheiro saiu quando cada lote foi comprado.',
      cents: d?.miles_used_cents,
    },
    {
      key: 'void-postings',
      label: 'Lançamentos de emissões canceladas ou com falha',
      hint: (
        <>
          Movimento de caixa sem venda ativa por trás: confira no{' '}
          <Link to="/conciliador" className="font-medium text-primary underline-offset-4 hover:underline">
            Conciliador
          </Link>
          .
        </>
      ),
      cents: d?.void_postings_cents,
    },
  ];
  return (
    <Card className={cn('gap-2', className)} aria-labelledby="finance-diff-title">
      <CardHeader className="px-4 sm:px-5">
        <CardTitle id="finance-diff-title" className="text-base">
          Competência × Caixa
        </CardTitle>
        <CardDescription>
          A competência mostra o que a agência ganhou com as emissões do período; o caixa, o dinheiro que entrou e saiu.
          Estes itens explicam a diferença entre os dois.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-5">
        <dl className="divide-y">
          {lines.map((line) => (
            <LineItem key={line.key} line={line} />
          ))}
          <LineItem
            className="border-t-2"
            line={{
              key: 'stock',
              label: 'Milhas em estoque',
              hint: 'Custo das milhas ainda disponíveis nos lotes, hoje: dinheiro já investido que vira custo no uso.',
              cents: summary?.stock_cost_cents,
            }}
          />
        </dl>
      </CardContent>
    </Card>
  );
}
