import type * as React from 'react';
import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DEFAULT_EXPIRY_WARNING_DAYS } from '@domain/lots/lot.rules';
import { PageHeader } from '@/components/layouts/page-header';
import { UnderConstruction } from '@/components/under-construction';
import { PAGES } from '@/config/navigation';
import { useAgencySettings } from '@/features/agency/api/get-settings';
import { useClients } from '@/features/clients/api/get-clients';
import { ClientsSummaryCards } from '@/features/clients/components/clients-summary-cards';
import { DEFAULT_CLIENT_LIST_STATE } from '@/features/clients/list-state';
import { useEmissions } from '@/features/emissions/api/get-emissions';
import { EmissionsSummaryCards } from '@/features/emissions/components/emissions-summary-cards';
import { DEFAULT_EMISSION_LIST_STATE } from '@/features/emissions/list-state';
import { useLots } from '@/features/lots/api/get-lots';
import { LotsSummaryCards } from '@/features/lots/components/lots-summary-cards';
import { DEFAULT_LOT_LIST_STATE } from '@/features/lots/list-state';

/**
 * Until the dashboard of its own issue is built (#18), the home page shows what the agency has
 * now: the summary cards of the clients, lots and emissions pages, from the same queries as those
 * pages unfiltered (so the figures are theirs), each with a way to its list.
 */
export default function DashboardRoute() {
  const clients = useClients(DEFAULT_CLIENT_LIST_STATE);
  const lots = useLots(DEFAULT_LOT_LIST_STATE);
  const emissions = useEmissions(DEFAULT_EMISSION_LIST_STATE);
  const settings = useAgencySettings();
  return (
    <div className="space-y-8">
      <PageHeader {...PAGES.dashboard} />
      <Overview title="Emissões" to="/emissoes" linkLabel="Ver emissões">
        <EmissionsSummaryCards summary={emissions.data?.summary} query={emissions} unfiltered />
      </Overview>
      <Overview title="Lotes de Milhas" to="/lotes" linkLabel="Ver lotes">
        <LotsSummaryCards
          totals={lots.data?.totals}
          query={lots}
          warningDays={settings.data?.expiry_alert_days ?? DEFAULT_EXPIRY_WARNING_DAYS}
        />
      </Overview>
      <Overview title="Clientes" to="/clientes" linkLabel="Ver clientes">
        <ClientsSummaryCards summary={clients.data?.summary} query={clients} />
      </Overview>
      <UnderConstruction description="O painel completo — lucro do mês, tendências, distribuição por programa, principais clientes e atividades recentes — chega em uma próxima versão." />
    </div>
  );
}

function Overview({
  title,
  to,
  linkLabel,
  children,
}: {
  title: string;
  to: string;
  linkLabel: string;
  children: React.ReactNode;
}) {
  return (
    <section className="space-y-3">
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
        <Link
          to={to}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
        >
          {linkLabel}
          <ArrowRightIcon aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {children}
    </section>
  );
}
