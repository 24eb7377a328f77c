import { clientStatusLabel } from '@domain/clients/client.rules';
import type { ClientStatus } from '@domain/clients/client.schema';
import { Badge, type BadgeProps } from '@/components/ui/badge';

/* Spec part 1 §3: Ativo default, Inativo secondary, Bloqueado destructive. */
const VARIANTS: Record<ClientStatus, BadgeProps['variant']> = {
  active: 'default',
  inactive: 'secondary',
  blocked: 'destructive',
};

export interface ClientStatusBadgeProps {
  /** A ClientStatus; any other text shows as itself, in an outline badge. */
  status: string;
  className?: string;
}

export function ClientStatusBadge({ status, className }: ClientStatusBadgeProps) {
  return (
    <Badge variant={VARIANTS[status as ClientStatus] ?? 'outline'} className={className}>
      {clientStatusLabel(status)}
    </Badge>
  );
}
