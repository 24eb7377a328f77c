import { formatPercent } from '@domain/format';
import { utilisationPercent } from '@domain/lots/lot.rules';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

export interface LotUtilisationProps {
  original: number;
  remaining: number;
  className?: string;
}

/** The 'Utilização' bar with the percent used, 1 decimal (spec part 1 §2). */
export function LotUtilisation({ original, remaining, className }: LotUtilisationProps) {
  const used = utilisationPercent(original, remaining);
  const text = formatPercent(used);
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Progress value={used} aria-label={`Utilização: ${text}`} className="min-w-12 flex-1" />
      <span className="w-12 shrink-0 text-right text-xs tabular-nums text-muted-foreground">{text}</span>
    </div>
  );
}
