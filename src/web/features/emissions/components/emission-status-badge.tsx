import { emissionStatusBadgeVariant, emissionStatusLabel } from '@domain/emissions/emission.schema';
import { Badge } from '@/components/ui/badge';

/* DESIGN.md §2 "Emission status". */
export function EmissionStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variant={emissionStatusBadgeVariant(status)} className={className} data-testid="emission-status">
      {emissionStatusLabel(status)}
    </Badge>
  );
}
