import { CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ENTRY_CATEGORY_LABELS, PAYMENT_METHOD_LABELS, type EntryCategory } from '@domain/finance/entry.schema';
import {
  expectedPostings,
  missingAmounts,
  postedAmounts,
  type Reconciled,
} from '@domain/finance/reconciliation.schema';
import { formatCents, formatDate } from '@domain/format';
import { DetailCard } from '@/components/detail-card';
import { QueryErrorState } from '@/components/query-error-state';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useEmissionEntries } from '../api/get-emission-entries';
import type { EmissionDetail } from '../types';

const ORDER: Reconciled[] = ['revenue', 'fees', 'miles_cost', 'rav'];

/**
 * 'Lançamentos' on the emission's page (#15): per category what its figures expect, what was
 * posted and what is still missing (decisions/0019; nothing is expected of a cancelled or failed
 * emission), and the postings themselves. /conciliador posts what is missing.
 */
export function EmissionPostingsCard({ emission }: { emission: EmissionDetail['emission'] }) {
  const entries = useEmissionEntries(emission.id);
  const rows = entries.data?.data;
  const expected = expectedPostings(emission);
  const posted = rows ? postedAmounts(rows) : undefined;
  const missing = posted ? missingAmounts(expected, posted) : undefined;
  const complete = missing ? ORDER.every((key) => missing[key] === 0) : false;
  const voided = emission.status === 'cancelled' || emission.status === 'failed';

  return (
    <DetailCard
      title="Lançamentos"
      note={
        <span className="flex flex-wrap items-center gap-2">
          {missing === undefined ? null : complete && !(voided && rows!.length > 0) ? (
            <Badge variant="success">
              <CheckIcon aria-hidden="true" />
              Conciliada
            </Badge>
          ) : (
            <Badge variant="warning">
              {voided ? 'Lançamento em emissão cancelada ou falha' : 'Há valores a lançar'}
            </Badge>
          )}
          <Link to="/conciliador" className="text-sm text-primary underline-offset-4 hover:underline">
            Abrir o conciliador
          </Link>
        </span>
      }
    >
      {entries.isError ? (
        <QueryErrorState query={entries} compact />
      ) : !rows || !posted || !missing ? (
        <div role="status" aria-busy="true" aria-label="Carregando lançamentos" className="space-y-2">
          {ORDER.map((key) => (
            <Skeleton key={key} className="h-5 w-full" />
          ))}
        </div>
      ) : (
        <div className="space-y-4 text-sm">
          <table className="w-full text-xs sm:text-sm" aria-label="Esperado, lançado e a lançar">
            <thead>
              <tr className="text-xs text-muted-foreground">
                <th className="py-1 text-left font-medium">Categoria</th>
                <th className="py-1 pl-2 text-right font-medium sm:pl-3">Esperado</th>
                <th className="py-1 pl-2 text-right font-medium sm:pl-3">Lançado</th>
                <th className="py-1 pl-2 text-right font-medium sm:pl-3">A lançar</th>
              </tr>
            </thead>
            <tbody>
              {ORDER.map((key) => (
                <tr key={key} className="border-t" data-testid={`posting-row-${key}`}>
                  <td className="py-1.5">{ENTRY_CATEGORY_LABELS[key]}</td>
                  <td className="py-1.5 pl-2 text-right whitespace-nowrap tabular-nums sm:pl-3">
                    {formatCents(expected[key])}
                  </td>
                  <td className="py-1.5 pl-2 text-right whitespace-nowrap tabular-nums sm:pl-3">
                    {formatCents(posted[key])}
                  </td>
                  <td
                    className={cn(
                      'py-1.5 pl-2 text-right font-medium whitespace-nowrap tabular-nums sm:pl-3',
                      missing[key] > 0 ? 'text-warning-foreground dark:text-warning' : 'text-muted-foreground',
                    )}
                  >
                    {formatCents(missing[key])}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 ? (
            <p className="text-muted-foreground">Nenhum lançamento para esta emissão.</p>
          ) : (
            <ul aria-label="Lançamentos da emissão" className="divide-y border-t">
              {rows.map((entry) => (
                <li key={entry.id} className="flex items-start justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="font-medium">{ENTRY_CATEGORY_LABELS[entry.category as EntryCategory]}</p>
                    <p className="text-xs text-muted-foreground">
                      {[
                        formatDate(entry.entry_date),
                        entry.payment_method &&
                          (entry.installments && entry.installments > 1
                            ? `${PAYMENT_METHOD_LABELS[entry.payment_method]} em ${entry.installments}x`
                            : PAYMENT_METHOD_LABELS[entry.payment_method]),
                        entry.description,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <span
                    className={cn(
                      'shrink-0 font-medium whitespace-nowrap tabular-nums',
                      entry.amount_cents < 0 ? 'text-destructive' : 'text-success',
                    )}
                  >
                    {formatCents(entry.amount_cents)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </DetailCard>
  );
}
