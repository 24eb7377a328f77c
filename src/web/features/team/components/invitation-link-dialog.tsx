import { InfoIcon } from 'lucide-react';
import { ROLE_LABELS } from '@domain/auth/roles';
import { formatDateTime } from '@domain/format';
import type { InvitationSent } from '@domain/team/team.schema';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ShownOnceDialog } from '@/components/shown-once-dialog';

export interface InvitationLinkDialogProps {
  /** The invitation just created or resent, with its link; null (or no link) keeps the dialog closed. */
  invitation: InvitationSent | null;
  onClose: () => void;
}

/** Without SMTP the admin sends the link themselves: shown here once, with a copy button. */
export function InvitationLinkDialog({ invitation, onClose }: InvitationLinkDialogProps) {
  return (
    <ShownOnceDialog
      value={invitation?.link ?? null}
      title="Link do convite"
      description={
        invitation
          ? `Convite para ${invitation.email} como ${ROLE_LABELS[invitation.role]}, válido até ${formatDateTime(invitation.expires_at)}.`
          : ''
      }
      label="Link de uso único"
      fieldId="invitation-link"
      copyLabel="Copiar link"
      copied={{ title: 'Link copiado', description: 'Envie-o à pessoa convidada por WhatsApp ou e-mail.' }}
      copyFailedHint="Selecione o link e copie-o manualmente."
      note={
        <Alert role="note">
          <InfoIcon aria-hidden="true" />
          <AlertDescription>
            Nenhum servidor de e-mail (SMTP) está configurado: o e-mail do convite ficou na caixa de saída. Envie este
            link à pessoa; ele não será mostrado de novo (use “Gerar novo link” se precisar).
          </AlertDescription>
        </Alert>
      }
      onClose={onClose}
    />
  );
}
