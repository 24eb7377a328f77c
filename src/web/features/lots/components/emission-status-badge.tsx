import { Badge, type BadgeProps } from '@/components/ui/badge';

type EmissionStatus = 'pending' | 'processing' | 'issued' | 'failed' | 'cancelled';

/* DESIGN.md §2 "Emission status". */
const STATUS: Record<EmissionStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pendente', variant: 'secondary' },
  processing: { label: 'Processando', variant: 'warning' },
  issued: { label: 'Emitida', variant: 'success' },
  failed: { label: 'Falhou', variant: 'destructive' },
  cancelled: { label: 'Cancelada', variant: 'outline' },
};

export function EmissionStatusBadge({ status }: { status: string }) {
  const known = STATUS[status as EmissionStatus];
  return <Badge variant={known?.variant ?? 'outline'}>{known?.label ?? status}</Badge>;
}
