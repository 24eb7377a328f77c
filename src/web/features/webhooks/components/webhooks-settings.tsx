import { useState } from 'react';
import { PlusIcon, WebhookIcon } from 'lucide-react';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_TEXTS, type WebhookEndpoint } from '@domain/webhooks/webhook.schema';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { closingCallbacks, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast, toastError } from '@/lib/toast';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookEndpointItem, type EndpointAction } from './webhook-endpoint-item';
import { WebhookFormDialog } from './webhook-form-dialog';
import { WebhookSecretDialog } from './webhook-secret-dialog';

type Open =
  | { kind: 'form'; endpoint: WebhookEndpoint | null }
  | { kind: 'deliveries' | 'delete' | 'rotate'; endpoint: WebhookEndpoint }
  | null;

/** /config → Webhooks (issue #16): endpoints, their events and secret, and their deliveries. */
export function WebhooksSettings() {
  const endpoints = useWebhooks();
  const test = useSendWebhookTest();
  const [open, setOpen] = useState<Open>(null);
  const [shownSecret, setShownSecret] = useState<{ title: string; secret: string } | null>(null);
  const close = () => setOpen(null);
  const full = (endpoints.data?.total ?? 0) >= WEBHOOK_ENDPOINTS_MAX;

  const onAction = (action: EndpointAction, endpoint: WebhookEndpoint) => {
    if (action === 'edit') setOpen({ kind: 'form', endpoint });
    else if (action === 'test') {
      test.mutate(endpoint.id, {
        onSuccess: () =>
          toast.success(WEBHOOK_TEXTS.testSent.title, { description: WEBHOOK_TEXTS.testSent.description }),
        onError: (error) => toastError(WEBHOOK_TEXTS.testError, error),
      });
    } else setOpen({ kind: action, endpoint });
  };

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="space-y-1.5">
          <CardTitle>Webhooks</CardTitle>
          <CardDescription>
            Receba os eventos da agência no seu sistema. Cada entrega é assinada com o segredo do endpoint (padrão
            Standard Webhooks) e, se falhar, é tentada de novo por até 3 dias.
          </CardDescription>
        </div>
        <Button
          className="mt-2 shrink-0 sm:mt-0"
          disabled={!endpoints.isSuccess || full}
          title={full ? `Limite de ${WEBHOOK_ENDPOINTS_MAX} endpoints atingido` : undefined}
          onClick={() => setOpen({ kind: 'form', endpoint: null })}
        >
          <PlusIcon aria-hidden="true" />
          Novo endpoint
        </Button>
      </CardHeader>
      <CardContent>
        {endpoints.isPending ? (
          <div className="space-y-3" role="status" aria-busy="true" aria-label="Carregando endpoints">
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-28 w-full" />
            ))}
          </div>
        ) : endpoints.isError ? (
          <QueryErrorState title="Erro ao carregar webhooks" query={endpoints} />
        ) : endpoints.data.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border px-6 py-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <WebhookIcon aria-hidden="true" className="size-6" />
            </span>
            <p className="font-semibold">Nenhum endpoint cadastrado</p>
            <p className="text-sm text-muted-foreground">
              Adicione um endpoint para receber emissões, lotes e alertas no seu sistema.
            </p>
          </div>
        ) : (
          <ul aria-label="Endpoints de webhook" className="divide-y rounded-lg border">
            {endpoints.data.data.map((endpoint) => (
              <WebhookEndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                onAction={onAction}
                testing={test.isPending && test.variables === endpoint.id}
              />
            ))}
          </ul>
        )}
      </CardContent>

      <WebhookFormDialog
        open={open?.kind === 'form'}
        onOpenChange={(next) => !next && close()}
        endpoint={open?.kind === 'form' ? open.endpoint : null}
        onSaved={(saved) => {
          if ('secret' in saved && typeof saved.secret === 'string') {
            setShownSecret({ title: WEBHOOK_TEXTS.created.title, secret: saved.secret });
          }
        }}
      />
      <WebhookSecretDialog
        secret={shownSecret?.secret ?? null}
        title={shownSecret?.title ?? ''}
        onClose={() => setShownSecret(null)}
      />
      <WebhookDeliveriesDialog endpoint={open?.kind === 'deliveries' ? open.endpoint : null} onClose={close} />
      <DeleteEndpointDialog endpoint={open?.kind === 'delete' ? open.endpoint : null} onClose={close} />
      <RotateSecretDialog
        endpoint={open?.kind === 'rotate' ? open.endpoint : null}
        onClose={close}
        onRotated={(secret) => setShownSecret({ title: WEBHOOK_TEXTS.rotated.title, secret })}
      />
    </Card>
  );
}

function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const mutation = useDeleteWebhook();
  return (
    <ConfirmDialog
      open={endpoint !== null}
      onOpenChange={(next) => !next && onClose()}
      busy={mutation.isPending}
      title="Excluir endpoint?"
      description={
        <>
          {WEBHOOK_TEXTS.confirmDelete}{' '}
          {endpoint && <span className="font-semibold break-all text-foreground">{endpoint.url}</span>}
        </>
      }
      confirmLabel="Excluir"
      confirmVariant="destructive"
      onConfirm={() =>
        endpoint &&
        mutation.mutate(
          endpoint.id,
          closingCallbacks<void>(
            (next) => !next && onClose(),
            WEBHOOK_TEXTS.deleteError,
            () => toast.success(WEBHOOK_TEXTS.deleted.title, { description: WEBHOOK_TEXTS.deleted.description }),
          ),
        )
      }
    />
  );
}

function RotateSecretDialog({
  endpoint,
  onClose,
  onRotated,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onRotated: (secret: string) => void;
}) {
  const mutation = useRotateWebhookSecret();
  return (
    <ConfirmDialog
      open={endpoint !== null}
      onOpenChange={(next) => !next && onClose()}
      busy={mutation.isPending}
      title="Gerar novo segredo?"
      description={WEBHOOK_TEXTS.confirmRotate}
      confirmLabel="Gerar novo segredo"
      onConfirm={() =>
        endpoint &&
        mutation.mutate(
          endpoint.id,
          closingCallbacks<{ secret: string }>(
            (next) => !next && onClose(),
            WEBHOOK_TEXTS.rotateError,
            ({ secret }) => onRotated(secret),
          ),
        )
      }
    />
  );
}
