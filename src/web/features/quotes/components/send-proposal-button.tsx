import { useState } from 'react';
import { SendIcon } from 'lucide-react';
import type { Quote } from '@domain/quotes/quote.schema';
import { openInTab } from '@/components/generate-report-button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError } from '@/lib/toast';
import { useSendProposal } from '../api/send-proposal';

/**
 * "Enviar Proposta" (spec part 2 §2 /simulador; issue #19): after a confirmation that says where it
 * goes, the proposal's PDF is e-mailed to the client (when the client has an e-mail) and opened here;
 * the quote becomes sent.
 */
export function SendProposalButton({ quote }: { quote: Pick<Quote, 'id' | 'client_name' | 'client_email'> }) {
  const [open, setOpen] = useState(false);
  const send = useSendProposal();
  const onConfirm = () => {
    const tab = window.open('', '_blank');
    send.mutate(quote.id, {
      onSuccess: (sent) => {
        setOpen(false);
        openInTab(
          tab,
          sent.report.link.url,
          'Proposta enviada',
          sent.emailed_to
            ? `E-mail para ${sent.emailed_to} com o PDF anexo.`
            : 'O cliente não tem e-mail: envie o PDF ou o texto para WhatsApp.',
        );
      },
      onError: (error) => {
        tab?.close();
        toastError('Erro ao enviar proposta', error, 'Ocorreu um erro ao gerar o PDF');
      },
    });
  };
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="send-proposal">
        <SendIcon aria-hidden="true" />
        Enviar Proposta
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        busy={send.isPending}
        title="Enviar proposta"
        description={
          quote.client_email
            ? `A proposta em PDF (rota, datas, passageiros, valor, formas de pagamento e validade — sem custos nem margem) vai por e-mail para ${quote.client_email} e abre em uma nova aba. A cotação passa a enviada.`
            : `${quote.client_name ? `${quote.client_name} não tem e-mail cadastrado` : 'Esta cotação não tem cliente'}: a proposta em PDF abre em uma nova aba para você enviar. A cotação passa a enviada.`
        }
        confirmLabel="Enviar Proposta"
        onConfirm={onConfirm}
      />
    </>
  );
}
