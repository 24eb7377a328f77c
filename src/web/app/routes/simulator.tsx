import { FileTextIcon } from 'lucide-react';
import type { Quote } from '@domain/quotes/quote.schema';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PAGES } from '@/config/navigation';
import { useAgencySettings } from '@/features/agency/api/get-settings';
import { SendProposalButton } from '@/features/quotes/components/send-proposal-button';
import { useRules } from '@/features/rules/api/get-rules';
import { useStock } from '@/features/simulator/api/get-stock';
import { Simulator } from '@/features/simulator/components/simulator';

/** "Enviar Proposta" for the quote just saved. */
const sendProposalFor = (quote: Quote) => <SendProposalButton quote={quote} />;

/**
 * /simulador (spec part 2 §2 "Simulador de Preços"): the programmes' stock, the rules and the
 * agency's default markup come first; the page starts from them.
 */
export default function SimulatorRoute() {
  const stock = useStock();
  const rules = useRules();
  // Without its settings the page still works, with the spec's default markup.
  const settings = useAgencySettings();

  return (
    <div className="space-y-6">
      <PageHeader
        {...PAGES.simulator}
        actions={
          <Button asChild variant="outline">
            <Link to="/cotacoes">
              <FileTextIcon aria-hidden="true" />
              Ver cotações
            </Link>
          </Button>
        }
      />
      {stock.isError ? (
        <QueryErrorState title="Erro ao carregar o estoque de milhas" query={stock} />
      ) : rules.isError ? (
        <QueryErrorState title="Erro ao carregar as regras dos programas" query={rules} />
      ) : stock.isPending || rules.isPending || settings.isPending ? (
        <SimulatorSkeleton />
      ) : (
        <Simulator stock={stock.data} rules={rules.data.data} settings={settings.data} savedActions={sendProposalFor} />
      )}
    </div>
  );
}

function SimulatorSkeleton() {
  return (
    <div
      className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
      role="status"
      aria-busy="true"
      aria-label="Carregando simulador"
    >
      <Card>
        <CardHeader>
          <Skeleton className="h-5 w-40" />
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <Skeleton className="h-5 w-28" />
        </CardHeader>
        <CardContent className="grid gap-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-4 w-full" />
          ))}
        </CardContent>
      </Card>
    </div>
  );
}
