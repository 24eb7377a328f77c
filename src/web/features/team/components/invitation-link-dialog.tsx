import { useState } from 'react';
import { CheckIcon, CopyIcon, InfoIcon } from 'lucide-react';
import { ROLE_LABELS } from '@domain/auth/roles';
import { formatDateTime } from '@domain/format';
import type { InvitationSent } from '@domain/team/team.schema';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast, toastError } from '@/lib/toast';

export interface InvitationLinkDialogProps {
  /** The invitation just created or resent, with its link; null (or no link) keeps the dialog closed. */
  invitation: InvitationSent | null;
  onClose: () => void;
}

/** Without SMTP the admin sends the link themselves: shown here once, with a copy button. */
export function InvitationLinkDialog({ invitation, onClose }: InvitationLinkDialogProps) {
  const [copied, setCopied] = useState(false);
  const link = invitation?.link ?? null;
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success('Link copiado', { description: 'Envie-o à pessoa convidada por WhatsApp ou e-mail.' });
    } catch (error) {
      toastError('Não foi possível copiar', error, 'Selecione o link e copie-o manualmente.');
    }
  };
  return (
    <Dialog
      open={link !== null}
      onOpenChange={(open) => {
        if (open) return;
        setCopied(false);
        onClose();
      }}
    >
      <DialogContent className="sm:max-w-[560px]">
        <DialogHeader>
          <DialogTitle>Link do convite</DialogTitle>
          <DialogDescription>
            {invitation
              ? `Convite para ${invitation.email} como ${ROLE_LABELS[invitation.role]}, válido até ${formatDateTime(invitation.expires_at)}.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="invitation-link">Link de uso único</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="invitation-link"
              readOnly
              value={link ?? ''}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
              data-testid="invitation-link"
            />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {copied ? 'Copiado' : 'Copiar link'}
            </Button>
          </div>
        </div>
        <Alert role="note">
          <InfoIcon aria-hidden="true" />
          <AlertDescription>
            Nenhum servidor de e-mail (SMTP) está configurado: o e-mail do convite ficou na caixa de saída. Envie este
            link à pessoa; ele não será mostrado de novo (use “Gerar novo link” se precisar).
          </AlertDescription>
        </Alert>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Concluir
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
