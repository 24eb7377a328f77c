import { useWatch, type Control } from 'react-hook-form';
import { formatCents } from '@domain/format';
import type { LotInput } from '@domain/lots/lot.schema';
import { Badge } from '@/components/ui/badge';
import { formatCostPerThousand } from '../lot-display';
import { daysBadgeText, lotFormSummary, type LotFormState } from '../lot-form';

export interface LotSummaryPanelProps {
  control: Control<LotFormState, unknown, LotInput>;
  today: string;
  /** The agency's expiry alert window: the days badge turns red within it. */
  warningDays: number;
}

/** 'Resumo do lote': total cost, cost per thousand and days to expiry, live from what is typed. */
export function LotSummaryPanel({ control, today, warningDays }: LotSummaryPanelProps) {
  const [quantity, cost, expiry] = useWatch({ control, name: ['original_quantity', 'cost_per_mile', 'expiry_date'] });
  const summary = lotFormSummary({ original_quantity: quantity, cost_per_mile: cost, expiry_date: expiry }, today);
  const daysUrgent = summary.days_to_expiry !== null && summary.days_to_expiry <= warningDays;

  return (
    <section aria-label="Resumo do lote" className="grid grid-cols-2 gap-3 rounded-lg border bg-muted/40 p-4">
      <div className="space-y-0.5">
        <p className="text-xs font-medium text-muted-foreground">Custo total</p>
        <p className="text-lg font-semibold tabular-nums" data-testid="lot-total-cost">
          {summary.total_cost_cents === null ? '—' : formatCents(summary.total_cost_cents)}
        </p>
        <p className="text-xs text-muted-foreground">
          {summary.cost_per_thousand === null
            ? 'Informe quantidade e custo'
            : `${formatCostPerThousand(summary.cost_per_thousand)} por milheiro`}
        </p>
      </div>
      <div className="space-y-1 text-right">
        <p className="text-xs font-medium text-muted-foreground">Dias até o vencimento</p>
        <Badge
          data-testid="lot-days-to-expiry"
          variant={summary.days_to_expiry === null ? 'outline' : daysUrgent ? 'destructive' : 'secondary'}
          className="text-sm"
        >
          {daysBadgeText(summary.days_to_expiry)}
        </Badge>
      </div>
    </section>
  );
}
