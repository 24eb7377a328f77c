import { PlaneIcon } from 'lucide-react';
import { APP_NAME, APP_SUBTITLE } from '@/config/constants';
import { cn } from '@/lib/utils';

export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-sky-400 to-blue-700 text-white shadow-sm',
        className,
      )}
    >
      <PlaneIcon className="size-5 -rotate-45" />
    </span>
  );
}

export interface BrandProps {
  collapsed?: boolean;
  /** Colours for the navy sidebar, or for the page background. */
  tone?: 'sidebar' | 'default';
}

export function Brand({ collapsed = false, tone = 'sidebar' }: BrandProps) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <BrandMark />
      <div className={cn('min-w-0 leading-tight', collapsed && 'sr-only')}>
        <p className="truncate text-base font-semibold tracking-tight">{APP_NAME}</p>
        <p
          className={cn(
            'truncate text-xs',
            tone === 'sidebar' ? 'text-sidebar-muted-foreground' : 'text-muted-foreground',
          )}
        >
          {APP_SUBTITLE}
        </p>
      </div>
    </div>
  );
}
