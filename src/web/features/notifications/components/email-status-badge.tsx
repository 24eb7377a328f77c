import { EMAIL_STATUS_LABELS, type EmailStatus } from '@domain/email/email.schema';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const VARIANTS: Record<EmailStatus, BadgeProps['variant']> = {
  sent: 'success',
  pending: 'secondary',
  held: 'warning',
  failed: 'destructive',
};

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return <Badge variant={VARIANTS[status]}>{EMAIL_STATUS_LABELS[status]}</Badge>;
}
