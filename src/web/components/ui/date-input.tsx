import * as React from 'react';
import { CalendarIcon } from 'lucide-react';
import { dateFieldValue, formatDate, isValidIsoDate, maskDateBR } from '@domain/format';
import { cn } from '@/lib/utils';
import { inputClassName } from './input';

export interface DateInputProps extends Omit<
  React.ComponentProps<'input'>,
  'value' | 'onChange' | 'type' | 'defaultValue'
> {
  /** yyyy-MM-dd, '' when empty, or the incomplete text the user typed. */
  value: string;
  onChange: (value: string) => void;
}

const toText = (value: string) => (isValidIsoDate(value) ? formatDate(value) : value);

/**
 * A date typed as dd/mm/aaaa whatever the browser's language (a native date input follows the
 * browser's locale, not the product's). Emits yyyy-MM-dd once the date is complete and real.
 */
export function DateInput({ value, onChange, className, ...props }: DateInputProps) {
  const [text, setText] = React.useState(() => toText(value));
  // Follow values set from outside (form reset, defaults) without fighting the user's typing: the
  // value a render last saw is kept, and a new one replaces the text unless the text already means it.
  const [seenValue, setSeenValue] = React.useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (dateFieldValue(text) !== value) setText(toText(value));
  }

  return (
    <div className="relative">
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/aaaa"
        maxLength={10}
        data-slot="input"
        className={cn(inputClassName, 'pr-9 tabular-nums', className)}
        value={text}
        onChange={(event) => {
          const masked = maskDateBR(event.target.value);
          setText(masked);
          onChange(dateFieldValue(masked));
        }}
        {...props}
      />
      <CalendarIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
