import { programColor, programName } from '@domain/programs';
import { cn } from '@/lib/utils';

export function ProgramDot({ program, className }: { program: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block size-2.5 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/20', className)}
      style={{ backgroundColor: programColor(program) }}
    />
  );
}

/** Dot and name ("LATAM Pass"). */
export function ProgramLabel({ program, className }: { program: string; className?: string }) {
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2', className)}>
      <ProgramDot program={program} />
      <span className="truncate">{programName(program)}</span>
    </span>
  );
}
