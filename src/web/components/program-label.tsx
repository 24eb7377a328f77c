import { PROGRAM_LIST, programColor, programName, type ProgramKey } from '@domain/programs';
import type { SelectOption } from '@/components/ui/select';
import { cn } from '@/lib/utils';

/** The catalogue's programmes as a select's choices. */
export const PROGRAM_OPTIONS: SelectOption<ProgramKey>[] = PROGRAM_LIST.map((program) => ({
  value: program.key,
  label: program.name,
}));

export interface ProgramDotProps {
  program: string;
  className?: string;
  'data-testid'?: string;
}

/** The programme's catalogue colour, as a small dot before its name; grey for keys outside the catalogue. */
export function ProgramDot({ program, className, ...props }: ProgramDotProps) {
  return (
    <span
      aria-hidden="true"
      {...props}
      className={cn('inline-block size-2.5 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/20', className)}
      style={{ backgroundColor: programColor(program) }}
    />
  );
}

export interface ProgramLabelProps {
  program: string;
  className?: string;
  /** The dot's test id, where the page's tests look for it. */
  dotTestId?: string;
}

/** Dot and name ("LATAM Pass"); an unknown key shows as it is stored. */
export function ProgramLabel({ program, className, dotTestId }: ProgramLabelProps) {
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2', className)}>
      <ProgramDot program={program} data-testid={dotTestId} />
      <span className="truncate">{programName(program)}</span>
    </span>
  );
}
