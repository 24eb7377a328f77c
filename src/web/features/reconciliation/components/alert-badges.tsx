import { RECONCILIATION_ALERTS } from '@domain/finance/reconciliation.schema';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { ReconciliationAlert } from '../types';

/** A missing amount is a warning (post it); a duplicate or a posting on a void emission is an error (fix it by hand). */
const VARIANT: Record<ReconciliationAlert, 'warning' | 'destructive'> = {
  missing_fees: 'warning',
  missing_miles_cost: 'warning',
  missing_rav: 'warning',
  missing_revenue: 'warning',
  duplicate: 'destructive',
  posted_on_void: 'destructive',
};

/** An emission's alerts as badges, in the order the API gives them; 'Conciliado' when there is none. */
export function AlertBadges({ alerts, className }: { alerts: readonly ReconciliationAlert[]; className?: string }) {
  if (alerts.length === 0) {
    return (
      <Badge variant="success" className={className} data-testid="reconciled-badge">
        Conciliado
      </Badge>
    );
  }
  return (
    <ul aria-label="Alertas" className={cn('flex flex-wrap gap-1', className)}>
      {alerts.map((alert) => (
        <li key={alert}>
          <Badge variant={VARIANT[alert]} data-testid="reconciliation-alert">
            {RECONCILIATION_ALERTS[alert]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
