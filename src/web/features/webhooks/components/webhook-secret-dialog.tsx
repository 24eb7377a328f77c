import { useState } from 'react';
import { CheckIcon, CopyIcon, TriangleAlertIcon } from 'lucide-react';
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

export interface WebhookSecretDialogProps {
  /** The secret to show; null keeps the dialog closed. */
  secret: string | null;
  /** 'Endpoint criado' or 'Novo segredo gerado'. */
  title: string;
  onClose: () => void;
}

/** The signing secret, whole, this once: with a copy button and the warning that it will not be shown again. */
export function WebhookSecretDialog({ secret, title, onClose }: WebhookSecretDialogProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success('Segredo copiado', { description: 'Cole-o na configuração do seu sistema.' });
    } catch (error) {
      toastError('Não foi possível copiar', error, 'Selecione o segredo e copie-o manualmente.');
    }
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (open) return;
        setCopied(false);
        onClose();
      }}
    >
      <DialogContent className="sm:max-w-[560px]">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Use este segredo para verificar a assinatura (cabeçalho webhook-signature, padrão Standard Webhooks) de cada
            entrega.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="webhook-secret">Segredo de assinatura</Label>
          <div className="flex gap-2">
            <Input
              id="webhook-secret"
              readOnly
              value={secret ?? ''}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
              data-testid="webhook-secret"
            />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {copied ? 'Copiado' : 'Copiar'}
            </Button>
          </div>
        </div>
        <Alert variant="warning" role="note">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription>Copie o segredo agora: ele não será mostrado novamente.</AlertDescription>
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
