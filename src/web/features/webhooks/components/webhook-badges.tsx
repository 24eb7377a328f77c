import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@domain/webhooks/webhook.schema';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const DELIVERY_VARIANTS: Record<WebhookDeliveryStatus, BadgeProps['variant']> = {
  delivered: 'success',
  pending: 'warning',
  failed: 'destructive',
};

/** 'Entregue', 'Pendente' or 'Falhou'. */
export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return (
    <Badge variant={DELIVERY_VARIANTS[status]} data-testid="webhook-delivery-status" data-status={status}>
      {WEBHOOK_DELIVERY_STATUS_LABELS[status]}
    </Badge>
  );
}

/** 'Ativo' or 'Desativado'. */
export function EndpointStatusBadge({ endpoint }: { endpoint: Pick<WebhookEndpoint, 'enabled'> }) {
  return endpoint.enabled ? (
    <Badge variant="success">Ativo</Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground">
      Desativado
    </Badge>
  );
}
