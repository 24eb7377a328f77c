import * as React from 'react';
import { cn } from '@/lib/utils';
import { Input, type InputProps } from './input';

/** Amount input with an "R$" prefix; every prop but className goes to the <input>. */
export function CurrencyInput({ className, ...props }: InputProps) {
  return (
    <div className={cn('relative', className)}>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
      >
        R$
      </span>
      <Input inputMode="decimal" className="pl-9 tabular-nums" {...props} />
    </div>
  );
}
