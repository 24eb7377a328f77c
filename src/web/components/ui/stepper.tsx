import { CheckIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface StepperProps {
  /** Step titles, in order. */
  steps: readonly string[];
  /** 0-based index of the current step. */
  current: number;
  className?: string;
  label?: string;
}

/** A numbered, read-only progress of a multi-step dialog; done steps show a check. */
export function Stepper({ steps, current, className, label = 'Etapas' }: StepperProps) {
  return (
    <ol aria-label={label} className={cn('flex items-start gap-2', className)}>
      {steps.map((title, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <li
            key={title}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
            className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-2"
          >
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold tabular-nums transition-colors',
                state === 'done' && 'border-primary bg-primary text-primary-foreground',
                state === 'current' && 'border-primary text-primary ring-[3px] ring-primary/20',
                state === 'todo' && 'border-border text-muted-foreground',
              )}
            >
              {state === 'done' ? <CheckIcon aria-hidden="true" className="size-4" /> : i + 1}
              {state === 'done' && <span className="sr-only">{i + 1} (concluída)</span>}
            </span>
            <span
              className={cn(
                'text-xs leading-tight sm:text-sm',
                state === 'current' ? 'font-medium text-foreground' : 'text-muted-foreground',
              )}
            >
              {title}
            </span>
            {i < steps.length - 1 && <span aria-hidden="true" className="hidden h-px flex-1 bg-border sm:block" />}
          </li>
        );
      })}
    </ol>
  );
}
