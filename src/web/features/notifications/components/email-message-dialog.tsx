import { formatDateTime } from '@domain/format';
import { QueryErrorState } from '@/components/query-error-state';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { EmailOutboxItem } from '@domain/email/email.schema';
import { useEmailMessage } from '../api/get-email-message';
import { EmailStatusBadge } from './email-status-badge';

export interface EmailMessageDialogProps {
  /** The row opened (what the list knows already); null: closed. */
  message: EmailOutboxItem | null;
  onClose: () => void;
}

/**
 * One message as it was (or will be) sent: its plain-text part, and its HTML in a sandboxed frame
 * (no scripts, no same-origin access: the message's markup can do nothing to the app).
 */
export function EmailMessageDialog({ message, onClose }: EmailMessageDialogProps) {
  const full = useEmailMessage(message?.id ?? null);
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="leading-snug">{message?.subject ?? 'E-mail ainda não montado'}</DialogTitle>
          <DialogDescription>
            Para {message?.to_address} · {formatDateTime(message?.created_at)}
            {message?.sent_at ? ` · enviado em ${formatDateTime(message.sent_at)}` : ''}
          </DialogDescription>
        </DialogHeader>
        {message && (
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <EmailStatusBadge status={message.status} />
            <span>
              {message.attempts === 1 ? '1 tentativa' : `${message.attempts} tentativas`}
              {message.status === 'pending' && message.attempts > 0
                ? ` · próxima em ${formatDateTime(message.next_attempt_at)}`
                : ''}
            </span>
          </div>
        )}
        {message?.last_error && (
          <Alert variant={message.status === 'failed' ? 'destructive' : 'warning'} role="status">
            <AlertTitle>{message.status === 'failed' ? 'Não enviado' : 'Última tentativa falhou'}</AlertTitle>
            <AlertDescription>{message.last_error}</AlertDescription>
          </Alert>
        )}
        {full.isPending ? (
          <div className="space-y-2" role="status" aria-busy="true" aria-label="Carregando e-mail">
            <Skeleton className="h-9 w-40" />
            <Skeleton className="h-48 w-full" />
          </div>
        ) : full.isError ? (
          <QueryErrorState title="Erro ao carregar o e-mail" query={full} />
        ) : full.data.text === null || full.data.html === null ? (
          <p className="text-sm text-muted-foreground">
            O conteúdo aparece aqui quando o e-mail for montado, na primeira tentativa de envio.
          </p>
        ) : (
          <Tabs defaultValue="texto">
            <TabsList aria-label="Formato do e-mail">
              <TabsTrigger value="texto">Texto</TabsTrigger>
              <TabsTrigger value="html">HTML</TabsTrigger>
            </TabsList>
            <TabsContent value="texto">
              {/* Focusable, so a keyboard can scroll a long message (WCAG 2.1.1). */}
              <pre
                tabIndex={0}
                role="region"
                aria-label="Texto do e-mail"
                className="max-h-[50dvh] overflow-auto rounded-md border bg-muted/40 p-4 font-sans text-sm break-words whitespace-pre-wrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
              >
                {full.data.text}
              </pre>
            </TabsContent>
            <TabsContent value="html">
              <iframe
                title={`Prévia em HTML: ${full.data.subject ?? 'e-mail'}`}
                sandbox=""
                srcDoc={full.data.html}
                className="h-[50dvh] w-full rounded-md border bg-white"
              />
            </TabsContent>
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}
