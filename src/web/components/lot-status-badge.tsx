import { lotStatusBadgeVariant, lotStatusLabel } from '@domain/lots/lot.schema';
import { Badge } from '@/components/ui/badge';

/** Disponível, Reservado, Usado, Expirado (spec part 1 §3). */
export function LotStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variant={lotStatusBadgeVariant(status)} className={className}>
      {lotStatusLabel(status)}
    </Badge>
  );
}
