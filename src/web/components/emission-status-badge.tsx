import { emissionStatusBadgeVariant, emissionStatusLabel } from '@domain/emissions/emission.status';
import { Badge } from '@/components/ui/badge';

export interface EmissionStatusBadgeProps {
  status: string;
  className?: string;
  'data-testid'?: string;
}

/* DESIGN.md §2 "Emission status"; an unknown status shows as it is stored. */
export function EmissionStatusBadge({ status, ...props }: EmissionStatusBadgeProps) {
  return (
    <Badge variant={emissionStatusBadgeVariant(status)} {...props}>
      {emissionStatusLabel(status)}
    </Badge>
  );
}
