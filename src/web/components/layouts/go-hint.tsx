import { KeyboardIcon } from 'lucide-react';
import { GO_HINT_TEXT } from '@/lib/go-keys';
import { cn } from '@/lib/utils';

export function GoHint({ visible, className }: { visible: boolean; className?: string }) {
  if (!visible) return null;
  return (
    <div
      role="status"
      data-testid="g-hint"
      className={cn(
        'fixed bottom-6 left-1/2 z-50 flex w-max max-w-[calc(100vw-2rem)] -translate-x-1/2 animate-slide-up items-start gap-2 rounded-lg border bg-popover px-4 py-2.5 text-sm text-popover-foreground shadow-lg',
        className,
      )}
    >
      <KeyboardIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="font-mono text-xs leading-relaxed sm:text-[0.8rem]">{GO_HINT_TEXT}</span>
    </div>
  );
}
