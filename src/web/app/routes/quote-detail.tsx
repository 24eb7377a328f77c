import { useState } from 'react';
import { PlaneTakeoffIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '@domain/format';
import { checkQuoteConversion } from '@domain/quotes/quote.rules';
import { DetailColumns, DetailHeader, DetailPage, type DetailTexts } from '@/components/detail-page';
import { DetailSkeleton } from '@/components/detail-skeleton';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAgency } from '@/features/agency/api/get-agency';
import { EmissionWizardDialog } from '@/features/emissions/components/emission-wizard-dialog';
import { useQuote } from '@/features/quotes/api/get-quote';
import { CopyWhatsAppButton } from '@/features/quotes/components/copy-whatsapp-button';
import { SendProposalButton } from '@/features/quotes/components/send-proposal-button';
import { PaymentOptionsCard, QuotePriceCard, QuoteTripCard } from '@/features/quotes/components/quote-cards';
import { QuoteStatusActions } from '@/features/quotes/components/quote-status-actions';
import { QuoteStatusBadge } from '@/features/quotes/components/quote-status-badge';
import { quoteToEmissionPrefill, routeArrows } from '@/features/quotes/quote-display';
import { ReportsCard } from '@/features/reports/components/reports-card';

const TEXTS: DetailTexts = {
  back: { to: '/cotacoes', label: 'Voltar para cotações' },
  errorTitle: 'Erro ao carregar cotação',
  notFound: {
    title: 'Cotação não encontrada',
    description: 'Esta cotação não existe ou não pertence à sua agência.',
    code: 'QUOTE_NOT_FOUND',
  },
};

/** /cotacoes/:id (issue #19): a quote, its status changes, its payment options, the proposal text and its conversion. */
export default function QuoteDetailRoute() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  const agency = useAgency();
  const [converting, setConverting] = useState(false);
  const proposalAgency = agency.data
    ? {
        name: agency.data.trade_name,
        cnpj: agency.data.cnpj,
        phone: agency.data.phone,
        email: agency.data.email,
      }
    : undefined;

  return (
    <DetailPage query={quote} texts={TEXTS} skeleton={<QuoteDetailSkeleton />}>
      {(q) => {
        const convertible = checkQuoteConversion(q).ok;
        return (
          <>
            <DetailHeader back={TEXTS.back}>
              <h1 className="font-mono text-2xl font-semibold tracking-tight break-words sm:text-[1.75rem]">
                {routeArrows(q.route)}
              </h1>
              <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <QuoteStatusBadge status={q.status} data-testid="quote-status" />
                <span>Criada em {formatDateTime(q.created_at)}</span>
                {q.emission_id && (
                  <Link to={`/emissoes/${q.emission_id}`} className="text-primary underline-offset-4 hover:underline">
                    Convertida em emissão
                  </Link>
                )}
              </div>
            </DetailHeader>
            {/* Up to five buttons: a row of their own under the title, wrapping on a phone. */}
            <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Ações da cotação">
              {convertible && (
                <Button onClick={() => setConverting(true)}>
                  <PlaneTakeoffIcon aria-hidden="true" />
                  Converter em emissão
                </Button>
              )}
              <QuoteStatusActions quote={q} />
              {(q.status === 'draft' || q.status === 'sent') && <SendProposalButton quote={q} />}
              {/* A declined or expired price is no longer a proposal to send. */}
              {q.status !== 'declined' && q.status !== 'expired' && (
                <CopyWhatsAppButton quote={q} agency={proposalAgency} />
              )}
            </div>

            <DetailColumns className="items-start">
              <div className="grid min-w-0 gap-6">
                <QuoteTripCard quote={q} />
                <PaymentOptionsCard quote={q} />
              </div>
              <QuotePriceCard quote={q} />
            </DetailColumns>

            <ReportsCard refType="quote" refId={q.id} />

            {/* Kept while converting: the quote turns accepted (a refetch, the real-time stream) before
                the emission's own answer arrives, and unmounting then would drop its toast and navigation. */}
            {(convertible || converting) && (
              <EmissionWizardDialog
                open={converting}
                onOpenChange={setConverting}
                prefill={quoteToEmissionPrefill(q)}
                title="Converter em emissão"
                description="Confira os dados da cotação, informe os CPFs dos passageiros e confirme a emissão."
              />
            )}
          </>
        );
      }}
    </DetailPage>
  );
}

function QuoteDetailSkeleton() {
  return (
    <DetailSkeleton
      label="Carregando cotação"
      backWidth="w-44"
      header={
        <div className="space-y-2">
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-5 w-40" />
        </div>
      }
      cardLines={[8, 7]}
    />
  );
}
