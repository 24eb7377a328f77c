import * as React from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@/lib/utils';
import { Label } from './label';

export interface FormFieldProps {
  /** id given to the control; the label points at it. */
  id: string;
  label: React.ReactNode;
  /** Validation message shown under the control. */
  error?: string | undefined;
  /** Helper text shown under the control when there is no error. */
  hint?: React.ReactNode;
  className?: string;
  /** Exactly one control (input, select, textarea...); it receives id and aria attributes. */
  children: React.ReactElement;
}

export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div data-slot="form-field" className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id} className={cn(error && 'text-destructive')}>
        {label}
      </Label>
      <Slot.Root id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot.Root>
      {error ? (
        <p id={errorId} role="alert" className="text-[0.8rem] leading-snug font-medium text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-[0.8rem] leading-snug text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
