import type { ControllerRenderProps } from 'react-hook-form';
import type { EmailFrequency, NotificationPrefs } from '@domain/agency/agency.schema';
import { cn } from '@/lib/utils';

const FREQUENCIES: readonly { value: EmailFrequency; label: string; description: string }[] = [
  {
    value: 'immediate',
    label: 'Imediato',
    description: 'Um e-mail assim que os alertas abrem.',
  },
  {
    value: 'daily',
    label: 'Resumo diário',
    description: 'Um e-mail por dia, às 8h (horário de Brasília), com os alertas abertos desde o resumo anterior.',
  },
];

export interface EmailFrequencyFieldProps {
  field: ControllerRenderProps<NotificationPrefs, 'email_frequency'>;
  /** E-mail notifications are off: the choice is kept, and shown as not in effect. */
  disabled: boolean;
}

/**
 * "Imediato" or "Resumo diário", as native radio buttons in a fieldset. Off, the fieldset is disabled
 * for the eye and the keyboard only: the value stays in the form (react-hook-form's own `disabled`
 * would drop it from what is saved).
 */
export function EmailFrequencyField({ field, disabled }: EmailFrequencyFieldProps) {
  return (
    <fieldset
      disabled={disabled}
      // Inactive, so exempt from the contrast rule (WCAG 1.4.3) the dimmed look would break otherwise.
      aria-disabled={disabled || undefined}
      aria-describedby="notification-email-frequency-description"
      className={cn('space-y-2 rounded-md bg-muted/40 p-3', disabled && 'opacity-60')}
    >
      <legend className="float-left mb-1 w-full text-sm font-medium">Frequência dos e-mails</legend>
      <p id="notification-email-frequency-description" className="clear-both text-sm text-muted-foreground">
        {disabled
          ? 'Ative as notificações por e-mail para escolher quando recebê-las.'
          : 'Os alertas continuam aparecendo na hora no Centro de Alertas; isto vale só para os e-mails.'}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {FREQUENCIES.map((option, index) => {
          const id = `notification-email-frequency-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cn(
                'flex items-start gap-3 rounded-md border bg-background p-3',
                disabled ? 'cursor-not-allowed' : 'cursor-pointer',
                field.value === option.value && 'border-primary ring-1 ring-primary',
              )}
            >
              <input
                id={id}
                type="radio"
                name={field.name}
                value={option.value}
                checked={field.value === option.value}
                onChange={() => field.onChange(option.value)}
                onBlur={field.onBlur}
                ref={index === 0 ? field.ref : undefined}
                aria-describedby={`${id}-description`}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <span className="space-y-0.5">
                <span className="block text-sm font-medium">{option.label}</span>
                <span id={`${id}-description`} className="block text-sm text-muted-foreground">
                  {option.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
