import { useRef } from 'react';
import { KeyRoundIcon, ListIcon, MoreHorizontalIcon, PencilIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { formatDateTime } from '@domain/format';
import { webhookEventLabel, type WebhookEndpoint } from '@domain/webhooks/webhook.schema';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { TruncatedText } from '@/components/ui/truncated-text';
import { DeliveryStatusBadge, EndpointStatusBadge } from './webhook-badges';

export type EndpointAction = 'edit' | 'test' | 'rotate' | 'deliveries' | 'delete';

export interface WebhookEndpointItemProps {
  endpoint: WebhookEndpoint;
  onAction: (action: EndpointAction, endpoint: WebhookEndpoint) => void;
  /** A test is being queued for this endpoint. */
  testing: boolean;
}

/** One endpoint: its URL (whole on hover and focus), events, status with the reason, and last delivery. */
export function WebhookEndpointItem({ endpoint, onAction, testing }: WebhookEndpointItemProps) {
  const last = endpoint.last_delivery;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start" data-testid="webhook-endpoint">
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex min-w-0 items-center gap-2">
          <TruncatedText text={endpoint.url} className="min-w-0 font-mono text-sm font-medium" />
          <EndpointStatusBadge endpoint={endpoint} />
        </div>
        {endpoint.description && <p className="text-sm text-muted-foreground">{endpoint.description}</p>}
        {!endpoint.enabled && endpoint.disabled_reason && (
          <p className="text-sm text-destructive" data-testid="webhook-disabled-reason">
            Desativado automaticamente: {endpoint.disabled_reason}
          </p>
        )}
        <ul className="flex flex-wrap gap-1.5" aria-label="Eventos">
          {endpoint.event_types.map((type) => (
            <li key={type}>
              <Badge variant="secondary">{webhookEventLabel(type)}</Badge>
            </li>
          ))}
        </ul>
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {last ? (
            <>
              <span>Última entrega:</span>
              <DeliveryStatusBadge status={last.status} />
              <span>
                {webhookEventLabel(last.event_type)}
                {last.last_status_code !== null && ` · HTTP ${last.last_status_code}`} ·{' '}
                {formatDateTime(last.last_attempt_at ?? last.created_at)}
              </span>
            </>
          ) : (
            'Nenhuma entrega ainda'
          )}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2 self-end sm:self-start">
        <Button variant="outline" size="sm" onClick={() => onAction('deliveries', endpoint)}>
          <ListIcon aria-hidden="true" />
          Entregas
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!endpoint.enabled || testing}
          onClick={() => onAction('test', endpoint)}
        >
          <SendIcon aria-hidden="true" />
          Enviar teste
        </Button>
        <EndpointMenu endpoint={endpoint} onAction={onAction} />
      </div>
    </li>
  );
}

/**
 * Editar, Gerar novo segredo, Excluir. Each opens its dialog once the menu has closed and handed
 * the focus back to its button, so closing the dialog returns the focus there (as RowActionsMenu).
 */
function EndpointMenu({ endpoint, onAction }: Pick<WebhookEndpointItemProps, 'endpoint' | 'onAction'>) {
  const afterClose = useRef<EndpointAction | null>(null);
  const later = (action: EndpointAction) => () => (afterClose.current = action);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Ações do endpoint ${endpoint.url}`}>
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="min-w-[12rem]"
        onCloseAutoFocus={() => {
          const action = afterClose.current;
          afterClose.current = null;
          if (action) onAction(action, endpoint);
        }}
      >
        <DropdownMenuItem onSelect={later('edit')}>
          <PencilIcon aria-hidden="true" />
          Editar
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={later('rotate')}>
          <KeyRoundIcon aria-hidden="true" />
          Gerar novo segredo
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={later('delete')}>
          <Trash2Icon aria-hidden="true" />
          Excluir
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
