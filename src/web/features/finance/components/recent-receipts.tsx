import { Link } from 'react-router';
import { PAYMENT_METHOD_LABELS } from '@domain/finance/entry.schema';
import type { FinanceSummary } from '@domain/finance/summary.schema';
import { formatCents, formatDate } from '@domain/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TruncatedText } from '@/components/ui/truncated-text';
import { cn } from '@/lib/utils';

/** The last money received up to the period's end: date, description, payment method, amount, and its emission. */
export function RecentReceipts({
  receipts,
  className,
}: {
  receipts: FinanceSummary['recent_receipts'] | undefined;
  className?: string;
}) {
  return (
    <Card className={cn('gap-2', className)} aria-labelledby="finance-receipts-title">
      <CardHeader className="px-4 sm:px-5">
        <CardTitle id="finance-receipts-title" className="text-base">
          Recebimentos recentes
        </CardTitle>
        <CardDescription>Os últimos lançamentos de entrada até o fim do período.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-5">
        {receipts === undefined ? (
          <div className="space-y-3 py-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : receipts.length === 0 ? (
          <p className="py-3 text-sm text-muted-foreground">Nenhum recebimento até o fim do período.</p>
        ) : (
          <ul className="divide-y" aria-label="Recebimentos recentes">
            {receipts.map((r) => (
              <li key={r.id} className="flex items-start justify-between gap-4 py-3">
                <div className="min-w-0 space-y-0.5">
                  <TruncatedText className="block text-sm font-medium" text={r.description ?? 'Recebimento'} />
                  <p className="text-xs text-muted-foreground">
                    <span className="tabular-nums">{formatDate(r.entry_date)}</span>
                    {' · '}
                    {r.payment_method ? PAYMENT_METHOD_LABELS[r.payment_method] : 'Não informado'}
                    {r.emission_id && (
                      <>
                        {' · '}
                        <Link
                          to={`/emissoes/${r.emission_id}`}
                          className="font-medium text-primary underline-offset-4 hover:underline"
                        >
                          Ver emissão
                        </Link>
                      </>
                    )}
                  </p>
                </div>
                <p className="shrink-0 text-sm font-semibold whitespace-nowrap text-success tabular-nums">
                  {formatCents(r.amount_cents)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
