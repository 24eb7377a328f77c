import { MessageCircleIcon } from 'lucide-react';
import { proposalFromQuote, proposalText, type ProposalAgency } from '@domain/quotes/proposal';
import { QUOTE_TEXTS, type Quote } from '@domain/quotes/quote.schema';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/** Puts `text` on the clipboard; where the Clipboard API is refused (no secure context), the old way. */
async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    if (!done) throw new Error('copy refused');
  }
}

export interface CopyWhatsAppButtonProps {
  quote: Quote;
  /** The agency's name and contacts; the button waits for them. */
  agency: ProposalAgency | undefined;
}

/** "Copiar texto para WhatsApp": the proposal as text (never cost or margin), as the PDF tells it. */
export function CopyWhatsAppButton({ quote, agency }: CopyWhatsAppButtonProps) {
  return (
    <Button
      variant="outline"
      disabled={!agency}
      onClick={() => {
        if (!agency) return;
        const text = proposalText(proposalFromQuote(quote, agency), { format: 'whatsapp' });
        copy(text).then(
          () => toast.success(QUOTE_TEXTS.copied.title, { description: QUOTE_TEXTS.copied.description }),
          () => toast.error(QUOTE_TEXTS.copyError, { description: 'Selecione e copie o texto manualmente.' }),
        );
      }}
    >
      <MessageCircleIcon aria-hidden="true" />
      Copiar texto para WhatsApp
    </Button>
  );
}
