import { useState } from 'react';
import { CheckIcon, SendIcon, XIcon, type LucideIcon } from 'lucide-react';
import { availableQuoteStatusChanges } from '@domain/quotes/quote.rules';
import { QUOTE_TEXTS, type Quote, type QuoteManualStatus } from '@domain/quotes/quote.schema';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, closingCallbacks } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useChangeQuoteStatus } from '../api/change-quote-status';

const ICONS: Record<QuoteManualStatus, LucideIcon> = { sent: SendIcon, accepted: CheckIcon, declined: XIcon };

/** "Marcar como enviada / aceita / recusada", as the quote's status allows, each confirmed first. */
export function QuoteStatusActions({ quote }: { quote: Quote }) {
  const [asking, setAsking] = useState<QuoteManualStatus | null>(null);
  const change = useChangeQuoteStatus();
  const changes = availableQuoteStatusChanges(quote.status, quote.emission_id !== null);
  const confirm = asking ? QUOTE_TEXTS.confirm[asking] : null;
  const close = (open: boolean) => !open && setAsking(null);

  return (
    <>
      {changes.map((to) => {
        const Icon = ICONS[to];
        return (
          <Button key={to} variant={to === 'declined' ? 'outline' : 'secondary'} onClick={() => setAsking(to)}>
            <Icon aria-hidden="true" />
            {QUOTE_TEXTS.confirm[to].action}
          </Button>
        );
      })}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={close}
        busy={change.isPending}
        title={confirm?.title ?? ''}
        description={confirm?.description ?? ''}
        confirmLabel={confirm?.action}
        confirmVariant={asking === 'declined' ? 'destructive' : 'default'}
        onConfirm={() => {
          if (!asking) return;
          const to = asking;
          change.mutate(
            { id: quote.id, status: to },
            closingCallbacks(close, QUOTE_TEXTS.statusError, () =>
              toast.success(QUOTE_TEXTS.changed[to].title, { description: QUOTE_TEXTS.changed[to].description }),
            ),
          );
        }}
      />
    </>
  );
}
