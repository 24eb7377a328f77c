import { clientInitials } from '@domain/clients/client.rules';
import { cn } from '@/lib/utils';

export interface ClientAvatarProps {
  name: string;
  className?: string;
}

/** Up to two initials on a tinted circle (spec part 1 §9); the name beside it is what is read aloud. */
export function ClientAvatar({ name, className }: ClientAvatarProps) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary select-none dark:bg-primary/20',
        className,
      )}
    >
      {clientInitials(name)}
    </span>
  );
}
