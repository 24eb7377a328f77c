import { Loader2Icon } from 'lucide-react';

const SIZES = { default: 'size-5', page: 'size-8' } as const;

export interface SpinnerProps {
  /** `page`: the larger one of a whole page that is loading. */
  size?: keyof typeof SIZES;
  /** Accessible text; defaults to "Carregando". */
  label?: string;
}

/**
 * Its classes are written out, without cn(): the first page's loader draws it before anything else,
 * and cn()'s first call builds tailwind-merge's tables (main.tsx does that once the browser is idle).
 */
export function Spinner({ size = 'default', label = 'Carregando' }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2Icon aria-hidden="true" className={`${SIZES[size]} animate-spin text-muted-foreground`} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
