import type { EmissionAmounts, EmissionFinancials } from '@domain/emissions/emission.rules';
import { formatCents } from '@domain/format';
import type { Cents } from '@domain/money';
import { cn } from '@/lib/utils';
import { marginPercentText } from '../emission-display';

export interface FinancialBreakdownProps {
  /** An emission's amounts and what they make (computeEmissionFinancials): a saved one's, or the wizard's estimate. */
  figures: EmissionAmounts & EmissionFinancials;
  className?: string;
}

/** 'Composição financeira': costs, revenue and margin (spec part 2 §9 "Emission"). */
export function FinancialBreakdown({ figures, className }: FinancialBreakdownProps) {
  const negative = figures.margin_cents < 0;
  // Each name-value pair is a <div> straight inside the <dl> (the only wrapper HTML allows); a
  // top border starts each group, as the cost lines, the totals and the margin read.
  const row = (label: string, value: Cents, { strong = false, divided = false } = {}) => (
    <div
      className={cn('flex items-center justify-between gap-4 py-1.5', strong && 'font-semibold', divided && 'border-t')}
    >
      <dt className={cn(!strong && 'text-muted-foreground')}>{label}</dt>
      <dd className="tabular-nums">{formatCents(value)}</dd>
    </div>
  );
  return (
    <section
      aria-label="Composição financeira"
      className={cn('rounded-lg border p-4 text-sm', className)}
      data-testid="financial-breakdown"
    >
      <dl>
        {row('Custo das milhas', figures.miles_cost_cents)}
        {row('Taxas', figures.fees_cents)}
        {row('RAV', figures.rav_cents)}
        {row('Custo total', figures.total_cost_cents, { strong: true, divided: true })}
        {row('Receita', figures.revenue_cents, { strong: true, divided: true })}
        <div
          className={cn(
            'flex items-center justify-between gap-4 border-t pt-2 text-base font-semibold',
            negative && 'text-destructive',
          )}
        >
          <dt>Margem</dt>
          <dd className="tabular-nums" data-testid="margin-value">
            {formatCents(figures.margin_cents)}{' '}
            <span className="text-sm font-medium">({marginPercentText(figures.margin_percent)})</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
