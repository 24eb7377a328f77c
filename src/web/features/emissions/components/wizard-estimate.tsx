import { TriangleAlertIcon } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { minimumMarginAlert, type MarginRule } from '@domain/emissions/emission.rules';
import { formatCents } from '@domain/format';
import type { Cents } from '@domain/money';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { cn } from '@/lib/utils';
import { marginPercentText } from '../emission-display';
import { estimate, type WizardForm } from '../wizard-model';

export interface WizardEstimateProps {
  form: WizardForm;
  /** Miles cost of the chosen lots; null while no lot fits. */
  milesCost: Cents | null;
  /** The account's program rule (or the defaults); null while the lots are loading: the spec's 10 %. */
  rule: MarginRule | null;
}

/** 'Estimativa': miles cost, total cost and margin, live from what is typed, and the program rule's low-margin alert. */
export function WizardEstimate({ form, milesCost, rule }: WizardEstimateProps) {
  const [fees, rav, revenue] = useWatch({ control: form.control, name: ['fees_cents', 'rav_cents', 'revenue_cents'] });
  const est = estimate({ fees_cents: fees, rav_cents: rav, revenue_cents: revenue }, milesCost);
  const alert = est ? minimumMarginAlert(est.financials, rule) : null;
  return (
    <>
      <section
        aria-label="Estimativa"
        className="grid grid-cols-1 gap-2 rounded-lg border bg-muted/40 p-4 sm:grid-cols-3 sm:gap-3"
        data-testid="wizard-estimate"
      >
        <Figure label="Custo das milhas" value={milesCost === null ? '—' : formatCents(milesCost)} />
        <Figure label="Custo total" value={est ? formatCents(est.financials.total_cost_cents) : '—'} />
        <Figure
          label="Margem estimada"
          value={est ? formatCents(est.financials.margin_cents) : '—'}
          detail={est ? marginPercentText(est.financials.margin_percent) : undefined}
          negative={est !== null && est.financials.margin_cents < 0}
        />
      </section>
      {alert && (
        <Alert variant="destructive" data-testid="margin-alert">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription>{alert}</AlertDescription>
        </Alert>
      )}
    </>
  );
}

/** Label and value side by side on a phone, stacked from 640 px; the percent goes under the value. */
function Figure({
  label,
  value,
  detail,
  negative = false,
}: {
  label: string;
  value: string;
  detail?: string | undefined;
  negative?: boolean;
}) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-3 sm:block sm:space-y-0.5">
      <p className="shrink-0 text-xs font-medium text-muted-foreground">{label}</p>
      <p
        className={cn(
          'text-right text-base font-semibold whitespace-nowrap tabular-nums sm:text-left sm:text-lg',
          negative && 'text-destructive',
        )}
      >
        {value}
        {detail && (
          <span className={cn('block text-xs font-medium', negative ? 'text-destructive' : 'text-muted-foreground')}>
            {detail}
          </span>
        )}
      </p>
    </div>
  );
}
