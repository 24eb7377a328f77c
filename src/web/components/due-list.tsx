import type { ReactNode } from 'react';
import { AlertTriangleIcon } from 'lucide-react';
import { formatCents, monthYearLabel } from '@domain/format';
import { Button } from '@/components/ui/button';
import { instalmentsText, overdueText } from '@/lib/due-list';

// The parts /financeiro's instalment lists share (issue #23): 'Contas a pagar' and 'Contas a
// receber' — the status filter, the overdue banner and each month's heading with its rows.

export function DueFilterButtons<F extends string>({
  filters,
  value,
  onChange,
  label,
}: {
  filters: readonly { value: F; label: string }[];
  value: F;
  onChange: (filter: F) => void;
  /** The group's accessible name ("Filtrar parcelas por situação"). */
  label: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="grid grid-cols-4 gap-1 rounded-lg bg-muted p-1 sm:inline-flex sm:w-fit"
    >
      {filters.map((item) => (
        <Button
          key={item.value}
          variant="ghost"
          size="sm"
          aria-pressed={item.value === value}
          onClick={() => onChange(item.value)}
          className="px-2 text-muted-foreground aria-pressed:bg-card aria-pressed:text-foreground aria-pressed:shadow-sm sm:px-3"
        >
          {item.label}
        </Button>
      ))}
    </div>
  );
}

/** "R$ 350,00 vencidos em 2 parcelas", what they are, and "Ver vencidas" unless they are shown. */
export function DueOverdueNotice({
  overdue,
  hint,
  onShow,
  testId,
}: {
  overdue: { cents: number; count: number };
  hint: string;
  onShow: (() => void) | null;
  testId: string;
}) {
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid={testId}
    >
      <p className="flex items-start gap-2 text-sm">
        <AlertTriangleIcon
          aria-hidden="true"
          className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning"
        />
        <span>
          <span className="font-semibold tabular-nums">{overdueText(overdue)}</span>
          <span className="block text-muted-foreground">{hint}</span>
        </span>
      </p>
      {onShow && (
        <Button variant="outline" size="sm" className="shrink-0 self-start sm:self-auto" onClick={onShow}>
          Ver vencidas
        </Button>
      )}
    </div>
  );
}

/**
 * A month of the list: its heading with the month's total, how many instalments and what is still
 * open ("em aberto", "a receber") when part is settled, then its rows.
 */
export function DueMonth({
  month,
  sums,
  openLabel,
  testId,
  children,
}: {
  /** Its first day. */
  month: string;
  /** The month's sums under the filter; settled: paid or received. */
  sums: { open_cents: number; settled_cents: number; count: number } | null;
  openLabel: string;
  testId: string;
  children: ReactNode;
}) {
  const titleId = `${testId}-${month}`;
  return (
    <div data-testid={testId} className="border-b last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 bg-muted/40 px-5 py-2.5">
        <h4 id={titleId} className="text-sm font-semibold">
          {monthYearLabel(month)}
        </h4>
        {sums && (
          <p className="text-right text-sm tabular-nums">
            <span className="font-semibold">{formatCents(sums.open_cents + sums.settled_cents)}</span>
            <span className="text-muted-foreground">
              {' · '}
              {instalmentsText(sums.count)}
              {sums.open_cents > 0 && sums.settled_cents > 0 ? ` · ${formatCents(sums.open_cents)} ${openLabel}` : ''}
            </span>
          </p>
        )}
      </div>
      <ul aria-labelledby={titleId} className="divide-y border-t">
        {children}
      </ul>
    </div>
  );
}
