import { TriangleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ShownOnceDialog } from '@/components/shown-once-dialog';

export interface WebhookSecretDialogProps {
  /** The secret to show; null keeps the dialog closed. */
  secret: string | null;
  /** 'Endpoint criado' or 'Novo segredo gerado'. */
  title: string;
  onClose: () => void;
}

/** The signing secret, whole, this once: with a copy button and the warning that it will not be shown again. */
export function WebhookSecretDialog({ secret, title, onClose }: WebhookSecretDialogProps) {
  return (
    <ShownOnceDialog
      value={secret}
      title={title}
      description="Use este segredo para verificar a assinatura (cabeçalho webhook-signature, padrão Standard Webhooks) de cada entrega."
      label="Segredo de assinatura"
      fieldId="webhook-secret"
      copyLabel="Copiar"
      copied={{ title: 'Segredo copiado', description: 'Cole-o na configuração do seu sistema.' }}
      copyFailedHint="Selecione o segredo e copie-o manualmente."
      note={
        <Alert variant="warning" role="note">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription>Copie o segredo agora: ele não será mostrado novamente.</AlertDescription>
        </Alert>
      }
      onClose={onClose}
    />
  );
}
