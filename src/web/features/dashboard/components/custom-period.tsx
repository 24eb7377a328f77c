import { isValidIsoDate } from '@domain/format';
import { PeriodFilter } from '@/components/list-toolbar';

export interface CustomPeriodProps {
  from: string | null;
  to: string | null;
  problem: string | null;
  onChange: (period: { from?: string | null; to?: string | null }) => void;
}

/**
 * The De/Até boxes of a custom period. A module of its own, loaded when 'Personalizado' is
 * chosen: the date input brings the form library, which the first load of / does without.
 */
export default function CustomPeriod({ from, to, problem, onChange }: CustomPeriodProps) {
  // A day is written to the address once complete; an emptied box clears its end.
  const onDay = (key: 'from' | 'to') => (value: string) => {
    if (value !== '' && !isValidIsoDate(value)) return;
    // Only this end: the other is the address's, which may be newer than this render.
    onChange({ [key]: value === '' ? null : value });
  };
  return (
    <>
      <PeriodFilter
        from={from}
        to={to}
        onFromChange={onDay('from')}
        onToChange={onDay('to')}
        inverted={problem !== null}
      />
      {problem && (
        <p role="alert" className="w-full text-[0.8rem] font-medium text-destructive">
          {problem}
        </p>
      )}
    </>
  );
}
