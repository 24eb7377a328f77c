import { AlertTriangleIcon } from 'lucide-react';
import { formatDate } from '@domain/format';
import { expiryDisplay, type ExpiryTone } from '@domain/lots/lot.rules';
import { cn } from '@/lib/utils';

/* Spec part 1 §2 "Expiry display": red once expired, yellow within the window, green beyond. */
export const EXPIRY_TONE_CLASSES: Record<ExpiryTone, string> = {
  expired: 'text-destructive',
  warning: 'text-amber-700 dark:text-amber-400',
  good: 'text-success',
  none: 'text-muted-foreground',
};

export interface ExpiryCountdownProps {
  /** yyyy-MM-dd or null. */
  expiryDate: string | null;
  today: string;
  /** The agency's expiry alert window, in days. */
  warningDays: number;
  /** Show the date above the countdown. */
  showDate?: boolean;
  className?: string;
}

/** "15/03/2026" and, under it, 'Expirado há N dias' / 'N dias restantes' / 'N dias' in its colour. */
export function ExpiryCountdown({ expiryDate, today, warningDays, showDate = true, className }: ExpiryCountdownProps) {
  const display = expiryDisplay(expiryDate, today, warningDays);
  return (
    <div className={cn('min-w-0', className)}>
      {showDate && expiryDate && <p className="whitespace-nowrap tabular-nums">{formatDate(expiryDate)}</p>}
      <p
        data-testid="expiry-countdown"
        data-tone={display.tone}
        className={cn(
          'inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap',
          EXPIRY_TONE_CLASSES[display.tone],
        )}
      >
        {display.show_warning_icon && <AlertTriangleIcon aria-hidden="true" className="size-3.5" />}
        {display.text}
      </p>
    </div>
  );
}
