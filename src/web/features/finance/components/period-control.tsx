import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { isValidIsoDate } from '@domain/format';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { isWholeMonth, monthStart, periodLabel, shiftMonth } from '../period';

export interface PeriodControlProps {
  /** The period on screen (the current month when the address names none). */
  period: { from: string; to: string };
  /** The boxes' days as the address has them, null for the default. */
  typed: { from: string | null; to: string | null };
  today: string;
  problem: string | null;
  onPeriod: (period: { from: string | null; to: string | null }) => void;
}

/**
 * "Mês": the month shown between previous/next buttons, and any period typed in De/Até. Both
 * write ?de=&ate=; 'Mês atual' goes back to the address without them.
 */
export function PeriodControl({ period, typed, today, problem, onPeriod }: PeriodControlProps) {
  const currentMonth = monthStart(today);
  const isCurrent = isWholeMonth(period) && period.from === currentMonth;
  const onDate = (key: 'from' | 'to') => (value: string) => {
    if (value !== '' && !isValidIsoDate(value)) return;
    const other = key === 'from' ? (typed.to ?? period.to) : (typed.from ?? period.from);
    if (value === '') onPeriod({ ...typed, [key]: null });
    else onPeriod(key === 'from' ? { from: value, to: other } : { from: other, to: value });
  };
  return (
    <section aria-label="Período" className="flex flex-wrap items-end gap-x-4 gap-y-2">
      <div className="flex items-center gap-1">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Mês anterior"
          onClick={() => onPeriod(shiftMonth(period.from, -1))}
        >
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <p
          aria-live="polite"
          data-testid="finance-period"
          className="min-w-44 px-2 text-center text-sm font-semibold tabular-nums sm:text-base"
        >
          {periodLabel(period)}
        </p>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Próximo mês"
          disabled={monthStart(period.from) >= currentMonth}
          onClick={() => onPeriod(shiftMonth(period.from, 1))}
        >
          <ChevronRightIcon aria-hidden="true" />
        </Button>
        {!isCurrent && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onPeriod({ from: null, to: null })}>
            Mês atual
          </Button>
        )}
      </div>
      <div className="grid w-full grid-cols-2 gap-2 sm:w-auto">
        <DateInput
          aria-label="Data inicial"
          placeholder="De dd/mm/aaaa"
          className="sm:w-40"
          value={typed.from ?? period.from}
          onChange={onDate('from')}
        />
        <DateInput
          aria-label="Data final"
          placeholder="Até dd/mm/aaaa"
          className="sm:w-40"
          value={typed.to ?? period.to}
          onChange={onDate('to')}
          aria-invalid={problem ? true : undefined}
        />
      </div>
      {problem && (
        <p role="alert" className="w-full text-[0.8rem] font-medium text-destructive">
          {problem}
        </p>
      )}
    </section>
  );
}
