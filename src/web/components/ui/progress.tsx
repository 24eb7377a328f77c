import * as React from 'react';
import { cn } from '@/lib/utils';

export interface ProgressProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** 0 to 100; values outside are clamped. */
  value: number;
  /** Classes of the filled part (its colour). */
  indicatorClassName?: string;
}

/** A horizontal bar filled to `value` percent, exposed as a progressbar (name it with aria-label). */
export function Progress({ value, className, indicatorClassName, ...props }: ProgressProps) {
  const clamped = Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped * 10) / 10}
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className={cn('h-full rounded-full bg-primary transition-[width]', indicatorClassName)}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
