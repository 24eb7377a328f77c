import { AUDIT_AREA_LABELS, type AuditArea } from '@domain/audit/audit.schema';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const AREA_VARIANTS: Record<AuditArea, NonNullable<BadgeProps['variant']>> = {
  clients: 'secondary',
  lots: 'secondary',
  emissions: 'secondary',
  finance: 'success',
  rules: 'outline',
  team: 'outline',
  settings: 'outline',
  imports: 'secondary',
  quotes: 'secondary',
  webhooks: 'outline',
  lgpd: 'warning',
  backups: 'outline',
};

/** The area of an audit line (Clientes, Financeiro, LGPD…); nothing for a kind of no area. */
export function AuditAreaBadge({ area }: { area: AuditArea | null }) {
  if (!area) return null;
  return <Badge variant={AREA_VARIANTS[area]}>{AUDIT_AREA_LABELS[area]}</Badge>;
}
