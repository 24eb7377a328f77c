import * as React from 'react';
import { cn } from '@/lib/utils';

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}

export interface SkeletonTextProps {
  /** The widths of a text line over a smaller one, e.g. ['w-28', 'w-24']. */
  widths: readonly [string, string];
  /** Right-aligned, as in a column of figures. */
  alignEnd?: boolean;
}

/** Two lines of text, a value over its caption, while they load. */
export function SkeletonText({ widths, alignEnd = false }: SkeletonTextProps) {
  return (
    <div className={cn(alignEnd && 'flex flex-col items-end', 'space-y-1.5')}>
      <Skeleton className={cn('h-4', widths[0])} />
      <Skeleton className={cn('h-3', widths[1])} />
    </div>
  );
}
