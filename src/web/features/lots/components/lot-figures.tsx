import { formatCents, formatNumber, formatPercent } from '@domain/format';
import { remainingPercent } from '@domain/lots/lot.rules';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TruncatedText } from '@/components/ui/truncated-text';
import { formatCostPerMile, formatCostPerThousand } from '../lot-display';
import type { Lot } from '../types';

interface Figure {
  label: string;
  value: (lot: Lot) => string;
  hint: (lot: Lot) => string;
}

const FIGURES: Figure[] = [
  {
    label: 'Milhas restantes',
    value: (lot) => formatNumber(lot.remaining_quantity),
    hint: (lot) =>
      `de ${formatNumber(lot.original_quantity)} · ${formatPercent(remainingPercent(lot.original_quantity, lot.remaining_quantity))}`,
  },
  {
    label: 'Custo por milha',
    value: (lot) => formatCostPerMile(lot.cost_per_mile),
    hint: (lot) => `${formatCostPerThousand(lot.cost_per_thousand)} por milheiro`,
  },
  { label: 'Custo total', value: (lot) => formatCents(lot.total_cost_cents), hint: () => 'Pago pelo lote inteiro' },
  {
    label: 'Valor restante',
    value: (lot) => formatCents(lot.remaining_value_cents),
    hint: () => 'Das milhas que restam',
  },
];

/** The lot's four figures at the top of /lotes/:id. */
export function LotFigures({ lot }: { lot: Lot | undefined }) {
  return (
    <section aria-label="Indicadores do lote" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {FIGURES.map((figure) => (
        <Card key={figure.label} className="gap-1.5 px-4 py-4 sm:px-5">
          <p className="text-sm font-medium text-muted-foreground">{figure.label}</p>
          {lot ? (
            <>
              <TruncatedText
                className="block text-xl font-semibold tracking-tight tabular-nums sm:text-2xl"
                text={figure.value(lot)}
              />
              <TruncatedText className="block text-xs text-muted-foreground tabular-nums" text={figure.hint(lot)} />
            </>
          ) : (
            <>
              <Skeleton className="h-7 w-24" />
              <Skeleton className="h-3 w-28" />
            </>
          )}
        </Card>
      ))}
    </section>
  );
}
