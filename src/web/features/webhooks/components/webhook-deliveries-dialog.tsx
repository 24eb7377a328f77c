import { useState } from 'react';
import { InboxIcon, RotateCwIcon } from 'lucide-react';
import { formatDateTime } from '@domain/format';
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_TEXTS,
  webhookEventLabel,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@domain/webhooks/webhook.schema';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { TruncatedText } from '@/components/ui/truncated-text';
import { toast, toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { DeliveryStatusBadge } from './webhook-badges';

export interface WebhookDeliveriesDialogProps {
  /** The endpoint whose log is shown; null keeps the dialog closed. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}

/** An endpoint's deliveries, newest first, with "Reenviar" on those that are over. */
export function WebhookDeliveriesDialog({ endpoint, onClose }: WebhookDeliveriesDialogProps) {
  return (
    <Dialog open={endpoint !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>Entregas</DialogTitle>
          <DialogDescription className="break-all">{endpoint?.url}</DialogDescription>
        </DialogHeader>
        {endpoint && <DeliveriesLog endpointId={endpoint.id} enabled={endpoint.enabled} />}
      </DialogContent>
    </Dialog>
  );
}

/** "Quando": the last attempt, or when it was queued if none yet. */
const when = (d: WebhookDelivery) => formatDateTime(d.last_attempt_at ?? d.created_at);

function DeliveriesLog({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpointId, page);
  const resend = useResendWebhookDelivery();
  const onResend = (delivery: WebhookDelivery) =>
    resend.mutate(
      { endpointId, deliveryId: delivery.id },
      {
        onSuccess: () => toast.success(WEBHOOK_TEXTS.resent.title, { description: WEBHOOK_TEXTS.resent.description }),
        onError: (error) => toastError(WEBHOOK_TEXTS.resendError, error),
      },
    );
  const resendButton = (delivery: WebhookDelivery) =>
    delivery.status !== 'pending' && (
      <Button
        variant="outline"
        size="sm"
        disabled={!enabled || resend.isPending}
        title={enabled ? undefined : 'Ative o endpoint para reenviar'}
        aria-label={`Reenviar ${webhookEventLabel(delivery.event_type)} de ${when(delivery)}`}
        onClick={() => onResend(delivery)}
      >
        <RotateCwIcon aria-hidden="true" />
        Reenviar
      </Button>
    );

  if (deliveries.isPending) {
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label="Carregando entregas">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (deliveries.isError) return <QueryErrorState title="Erro ao carregar entregas" query={deliveries} />;
  const { data, total, total_pages } = deliveries.data;
  if (total === 0) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-10 text-center" data-testid="webhook-deliveries-empty">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <InboxIcon aria-hidden="true" className="size-6" />
        </span>
        <p className="font-semibold">Nenhuma entrega ainda</p>
        <p className="text-sm text-muted-foreground">Use &quot;Enviar teste&quot; para experimentar o endpoint.</p>
      </div>
    );
  }
  const refreshing = deliveries.isPlaceholderData;
  return (
    <div className="grid gap-4">
      <div className={cn('hidden md:block', refreshing && 'opacity-60')}>
        <Table aria-label="Entregas do endpoint" aria-busy={refreshing}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Evento</TableHead>
              <TableHead>Situação</TableHead>
              <TableHead className="text-right">Código HTTP</TableHead>
              <TableHead className="text-right">Tentativas</TableHead>
              <TableHead>Quando</TableHead>
              <TableHead>Erro</TableHead>
              <TableHead>
                <span className="sr-only">Ações</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((delivery) => (
              <TableRow key={delivery.id} data-testid="webhook-delivery-row">
                <TableCell className="whitespace-nowrap">{webhookEventLabel(delivery.event_type)}</TableCell>
                <TableCell>
                  <DeliveryStatusBadge status={delivery.status} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{delivery.last_status_code ?? '—'}</TableCell>
                <TableCell className="text-right tabular-nums">{delivery.attempts}</TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{when(delivery)}</TableCell>
                <TableCell className="max-w-[16rem]">
                  {delivery.last_error ? (
                    <TruncatedText text={delivery.last_error} className="block text-muted-foreground" />
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell className="text-right">{resendButton(delivery)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className={cn('grid gap-3 md:hidden', refreshing && 'opacity-60')} aria-label="Entregas do endpoint">
        {data.map((delivery) => (
          <li
            key={delivery.id}
            className="grid gap-2 rounded-lg border p-3 text-sm"
            data-testid="webhook-delivery-card"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{webhookEventLabel(delivery.event_type)}</span>
              <DeliveryStatusBadge status={delivery.status} />
            </div>
            <dl className="grid grid-cols-3 gap-2">
              <Item label="Código HTTP" value={String(delivery.last_status_code ?? '—')} />
              <Item label="Tentativas" value={String(delivery.attempts)} />
              <Item label="Quando" value={when(delivery)} />
            </dl>
            {delivery.last_error && <p className="break-words text-muted-foreground">{delivery.last_error}</p>}
            {delivery.status !== 'pending' && <div className="justify-self-end">{resendButton(delivery)}</div>}
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={total_pages}
        total={total}
        pageSize={WEBHOOK_DELIVERIES_PAGE_SIZE}
        itemLabel="entregas"
        label="Paginação das entregas"
        onPageChange={setPage}
      />
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
