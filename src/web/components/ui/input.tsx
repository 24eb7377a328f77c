import * as React from 'react';
import { cn } from '@/lib/utils';

export const inputClassName =
  'flex h-9 w-full min-w-0 rounded-md border border-input bg-card px-3 py-1 text-sm shadow-xs transition-[color,box-shadow,border-color] outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/20 file:border-0 file:bg-transparent file:text-sm file:font-medium';

export interface InputProps extends React.ComponentProps<'input'> {
  /** Reshapes what is typed (a CNPJ, a phone, digits only) on every keystroke, before `onChange` hears of it. */
  mask?: (typed: string) => string;
}

export function Input({ className, type = 'text', mask, onChange, ...props }: InputProps) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(inputClassName, className)}
      onChange={
        mask
          ? (event) => {
              event.target.value = mask(event.target.value);
              onChange?.(event);
            }
          : onChange
      }
      {...props}
    />
  );
}
