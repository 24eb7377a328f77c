import { formatCents } from '@domain/format';
import type { Cents } from '@domain/money';
import { cn } from '@/lib/utils';
import { marginPercentText } from '../emission-display';

export interface FinancialBreakdownProps {
  milesCostCents: Cents;
  feesCents: Cents;
  ravCents: Cents;
  totalCostCents: Cents;
  revenueCents: Cents;
  marginCents: Cents;
  marginPercent: number;
  className?: string;
}

/** 'Composição financeira': costs, revenue and margin (spec part 2 §9 "Emission"). */
export function FinancialBreakdown(props: FinancialBreakdownProps) {
  const negative = props.marginCents < 0;
  const row = (label: string, value: Cents, strong = false) => (
    <div className={cn('flex items-center justify-between gap-4 py-1.5', strong && 'font-semibold')}>
      <dt className={cn(!strong && 'text-muted-foreground')}>{label}</dt>
      <dd className="tabular-nums">{formatCents(value)}</dd>
    </div>
  );
  return (
    <section
      aria-label="Composição financeira"
      className={cn('rounded-lg border p-4 text-sm', props.className)}
      data-testid="financial-breakdown"
    >
      <dl className="divide-y">
        <div>
          {row('Custo das milhas', props.milesCostCents)}
          {row('Taxas', props.feesCents)}
          {row('RAV', props.ravCents)}
        </div>
        <div>{row('Custo total', props.totalCostCents, true)}</div>
        <div>{row('Receita', props.revenueCents, true)}</div>
        <div
          className={cn(
            'flex items-center justify-between gap-4 pt-2 text-base font-semibold',
            negative && 'text-destructive',
          )}
        >
          <dt>Margem</dt>
          <dd className="tabular-nums" data-testid="margin-value">
            {formatCents(props.marginCents)}{' '}
            <span className="text-sm font-medium">({marginPercentText(props.marginPercent)})</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
