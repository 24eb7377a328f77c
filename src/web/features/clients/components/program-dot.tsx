import { programColor } from '@domain/programs';
import { cn } from '@/lib/utils';

/** The programme's catalogue colour, as a small dot before its name. */
export function ProgramDot({ program, className }: { program: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block size-2.5 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/20', className)}
      style={{ backgroundColor: programColor(program) }}
    />
  );
}
