import { useState } from 'react';
import { Ban, LinkIcon, MailIcon, SendIcon, UserPlusIcon } from 'lucide-react';
import { ROLE_LABELS } from '@domain/auth/roles';
import { formatDateTime } from '@domain/format';
import type { Invitation, InvitationSent } from '@domain/team/team.schema';
import { QueryErrorState } from '@/components/query-error-state';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast, toastError } from '@/lib/toast';
import { useInvitations } from '../api/get-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { InviteDialog } from './invite-dialog';
import { InvitationStatusBadge } from './team-badges';

export interface InvitationsCardProps {
  /** An invitation created or resent without SMTP: its link, for the admin to copy. */
  onLink: (invitation: InvitationSent) => void;
}

type Confirming = { kind: 'resend' | 'revoke'; invitation: Invitation } | null;

/** Invitations: pending, accepted, expired or revoked; "Convidar", resend (a new link) and revoke. */
export function InvitationsCard({ onLink }: InvitationsCardProps) {
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const smtp = invitations.data?.smtp_configured ?? true;
  const busy = resend.isPending || revoke.isPending;
  const close = () => setConfirming(null);

  const sent = (invitation: InvitationSent, title: string) => {
    if (invitation.link) onLink(invitation);
    else toast.success(title, { description: `O link foi enviado para ${invitation.email}.` });
  };

  const confirm = () => {
    if (!confirming) return;
    const { invitation } = confirming;
    if (confirming.kind === 'resend') {
      resend.mutate(invitation.id, {
        onSuccess: (result) => {
          close();
          sent(result, 'Convite reenviado');
        },
        onError: (error) => {
          close();
          toastError('Não foi possível reenviar o convite', error);
        },
      });
    } else {
      revoke.mutate(invitation.id, {
        onSuccess: () => {
          close();
          toast.success('Convite revogado', {
            description: `O link enviado para ${invitation.email} não funciona mais.`,
          });
        },
        onError: (error) => {
          close();
          toastError('Não foi possível revogar o convite', error);
        },
      });
    }
  };

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="space-y-1.5">
          <CardTitle>Convites</CardTitle>
          <CardDescription>
            Cada convite é um link de uso único, válido por 72 horas, para a pessoa criar o acesso com o papel
            escolhido.
          </CardDescription>
        </div>
        <Button className="mt-2 shrink-0 sm:mt-0" disabled={!invitations.isSuccess} onClick={() => setInviting(true)}>
          <UserPlusIcon aria-hidden="true" />
          Convidar
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        {invitations.isSuccess && !smtp && (
          <Alert role="note">
            <MailIcon aria-hidden="true" />
            <AlertDescription>
              Nenhum servidor de e-mail (SMTP) configurado: os convites ficam na caixa de saída. Ao convidar, copie o
              link e envie-o você mesmo.
            </AlertDescription>
          </Alert>
        )}
        {invitations.isPending ? (
          <div className="space-y-3" role="status" aria-busy="true" aria-label="Carregando convites">
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : invitations.isError ? (
          <QueryErrorState title="Erro ao carregar convites" query={invitations} />
        ) : invitations.data.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border px-6 py-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <MailIcon aria-hidden="true" className="size-6" />
            </span>
            <p className="font-semibold">Nenhum convite enviado</p>
            <p className="text-sm text-muted-foreground">
              Convide um colega pelo e-mail dele; ele escolhe o nome e a senha ao aceitar.
            </p>
          </div>
        ) : (
          <ul aria-label="Convites" className="divide-y rounded-lg border">
            {invitations.data.data.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
                data-testid="invitation-row"
              >
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    <span className="min-w-0 break-all">{invitation.email}</span>
                    <InvitationStatusBadge status={invitation.status} />
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {ROLE_LABELS[invitation.role]}
                    {invitation.invited_by_name && ` · convidado por ${invitation.invited_by_name}`} ·{' '}
                    {invitationWhen(invitation)}
                  </p>
                </div>
                {(invitation.status === 'pending' || invitation.status === 'expired') && (
                  <div className="flex shrink-0 gap-2 self-end sm:self-center">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      onClick={() => setConfirming({ kind: 'resend', invitation })}
                      aria-label={`${smtp ? 'Reenviar' : 'Gerar novo link para'} ${invitation.email}`}
                    >
                      {smtp ? <SendIcon aria-hidden="true" /> : <LinkIcon aria-hidden="true" />}
                      {smtp ? 'Reenviar' : 'Gerar novo link'}
                    </Button>
                    {invitation.status === 'pending' && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                        disabled={busy}
                        onClick={() => setConfirming({ kind: 'revoke', invitation })}
                        aria-label={`Revogar convite de ${invitation.email}`}
                      >
                        <Ban aria-hidden="true" />
                        Revogar
                      </Button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>

      <InviteDialog
        open={inviting}
        onOpenChange={setInviting}
        onSent={(invitation) => sent(invitation, 'Convite enviado')}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && close()}
        busy={busy}
        title={confirming?.kind === 'revoke' ? 'Revogar convite?' : smtp ? 'Reenviar convite?' : 'Gerar novo link?'}
        description={
          confirming?.kind === 'revoke'
            ? `O link enviado para ${confirming.invitation.email} deixa de funcionar. Para convidar a pessoa de novo, envie um novo convite.`
            : confirming
              ? `Um novo link, válido por 72 horas, ${smtp ? `será enviado para ${confirming.invitation.email}` : 'será gerado para você copiar'}. O link anterior deixa de funcionar.`
              : ''
        }
        confirmLabel={confirming?.kind === 'revoke' ? 'Revogar' : smtp ? 'Reenviar' : 'Gerar novo link'}
        confirmVariant={confirming?.kind === 'revoke' ? 'destructive' : 'default'}
        onConfirm={confirm}
      />
    </Card>
  );
}

function invitationWhen(invitation: Invitation): string {
  switch (invitation.status) {
    case 'accepted':
      return `aceito em ${formatDateTime(invitation.accepted_at)}`;
    case 'revoked':
      return `revogado em ${formatDateTime(invitation.revoked_at)}`;
    case 'expired':
      return `expirou em ${formatDateTime(invitation.expires_at)}`;
    default:
      return `expira em ${formatDateTime(invitation.expires_at)}`;
  }
}
