import * as React from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/* A styled native <select>: the platform picker is the most usable one on phones, and it keeps
   label association and keyboard behaviour for free. */
export function Select({ className, children, ...props }: React.ComponentProps<'select'>) {
  return (
    <div className={cn('relative w-full', className)}>
      <select
        data-slot="select"
        className="h-9 w-full appearance-none rounded-md border border-input bg-card py-1 pr-9 pl-3 text-sm shadow-xs transition-[color,box-shadow,border-color] outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive"
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

/** A select's choices, in their order. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** The choices of a record of labels by value (statuses, policies), in the order they are declared. */
export function labelOptions<V extends string>(labels: Readonly<Record<V, string>>): SelectOption<V>[] {
  return (Object.entries(labels) as [V, string][]).map(([value, label]) => ({ value, label }));
}
