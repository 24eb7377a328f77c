import { useState } from 'react';
import { LaptopIcon, LogOutIcon, SmartphoneIcon } from 'lucide-react';
import { formatDateTime } from '@domain/format';
import { QueryErrorState } from '@/components/query-error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { TruncatedText } from '@/components/ui/truncated-text';
import { toast, toastError } from '@/lib/toast';
import { describeUserAgent } from '@/lib/user-agent';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions, type UserSession } from '../api/get-sessions';

type Confirming = { kind: 'one'; session: UserSession } | { kind: 'others' } | null;

const MOBILE_UA = /Android|iPhone|iPad|Mobile/i;

export function SessionsCard() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  const busy = endSession.isPending || endOthers.isPending;

  const confirm = () => {
    if (!confirming) return;
    if (confirming.kind === 'one') {
      endSession.mutate(confirming.session.id, {
        onSuccess: () => {
          setConfirming(null);
          toast.success('Sessão encerrada', { description: 'O dispositivo foi desconectado.' });
        },
        onError: (error) => {
          setConfirming(null);
          toastError('Erro ao encerrar sessão', error);
        },
      });
    } else {
      endOthers.mutate(undefined, {
        onSuccess: () => {
          setConfirming(null);
          toast.success('Sessões encerradas', { description: 'Todos os outros dispositivos foram desconectados.' });
        },
        onError: (error) => {
          setConfirming(null);
          toastError('Erro ao encerrar sessões', error);
        },
      });
    }
  };

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="space-y-1.5">
          <CardTitle>Sessões ativas</CardTitle>
          <CardDescription>Dispositivos conectados à sua conta. Encerre os que você não reconhece.</CardDescription>
        </div>
        <Button
          variant="outline"
          className="mt-2 shrink-0 sm:mt-0"
          disabled={others.length === 0 || busy}
          onClick={() => setConfirming({ kind: 'others' })}
        >
          <LogOutIcon aria-hidden="true" />
          Encerrar outras sessões
        </Button>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="space-y-3" role="status" aria-busy="true" aria-label="Carregando sessões">
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : sessions.isError ? (
          <QueryErrorState title="Erro ao carregar sessões" query={sessions} />
        ) : (
          <ul aria-label="Sessões ativas" className="divide-y rounded-lg border">
            {sessions.data.map((session) => {
              const Icon = MOBILE_UA.test(session.user_agent ?? '') ? SmartphoneIcon : LaptopIcon;
              return (
                <li
                  key={session.id}
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
                  data-testid="session-row"
                >
                  <div className="flex min-w-0 flex-1 items-start gap-3">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
                      <Icon aria-hidden="true" className="size-4" />
                    </span>
                    <div className="min-w-0 space-y-0.5">
                      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                        <TruncatedText text={describeUserAgent(session.user_agent)} />
                        {session.current && <Badge variant="success">Esta sessão</Badge>}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        IP {session.ip ?? 'desconhecido'} · Último acesso: {formatDateTime(session.last_seen_at)}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        Iniciada em {formatDateTime(session.created_at)} · Expira em{' '}
                        {formatDateTime(session.expires_at)}
                      </p>
                    </div>
                  </div>
                  {!session.current && (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="self-end text-destructive hover:bg-destructive/10 hover:text-destructive sm:self-center"
                      disabled={busy}
                      onClick={() => setConfirming({ kind: 'one', session })}
                    >
                      Encerrar
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        busy={busy}
        title={confirming?.kind === 'others' ? 'Encerrar outras sessões?' : 'Encerrar sessão?'}
        description={
          confirming?.kind === 'one'
            ? `O dispositivo ${describeUserAgent(confirming.session.user_agent)} (IP ${confirming.session.ip ?? 'desconhecido'}) será desconectado e precisará entrar novamente.`
            : 'Todos os outros dispositivos conectados à sua conta serão desconectados. Esta sessão continua ativa.'
        }
        confirmLabel={confirming?.kind === 'others' ? 'Encerrar sessões' : 'Encerrar'}
        confirmVariant="destructive"
        onConfirm={confirm}
      />
    </Card>
  );
}
