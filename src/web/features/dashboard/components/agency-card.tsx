import { Building2Icon } from 'lucide-react';
import type { Dashboard } from '@domain/dashboard/dashboard.schema';
import { formatCnpj } from '@domain/documents';
import { formatDate } from '@domain/format';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

type Agency = Dashboard['agency'];

/** Spec part 1 §2 and §4: the default badge when the status is "ativa" (any case), else secondary. */
export const registrationBadgeVariant = (status: string) =>
  status.trim().toLowerCase() === 'ativa' ? 'default' : 'secondary';

function Field({ label, value, testId }: { label: string; value: string | null; testId?: string }) {
  return (
    <div className="min-w-0 space-y-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd data-testid={testId} className="text-sm font-medium [overflow-wrap:anywhere]">
        {value || <span className="font-normal text-muted-foreground">Não informado</span>}
      </dd>
    </div>
  );
}

/** The agency's registration: trade and legal name, CNPJ, opening date, address, status and CNAE. */
export function AgencyCard({ agency }: { agency: Agency | undefined }) {
  return (
    <Card aria-labelledby="dashboard-agency-title" className="gap-4 px-4 py-4 sm:px-5" data-testid="agency-card">
      {agency === undefined ? (
        <div className="space-y-3" aria-hidden="true">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-72 max-w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 items-start gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                <Building2Icon aria-hidden="true" className="size-5" />
              </span>
              <div className="min-w-0">
                <h2 id="dashboard-agency-title" className="text-base leading-tight font-semibold">
                  {agency.trade_name}
                </h2>
                <p className="text-sm text-muted-foreground">{agency.legal_name}</p>
              </div>
            </div>
            <Badge variant={registrationBadgeVariant(agency.registration_status)} data-testid="agency-status">
              {agency.registration_status}
            </Badge>
          </div>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-[auto_auto_minmax(0,2fr)_auto]">
            <Field label="CNPJ" value={formatCnpj(agency.cnpj)} testId="agency-cnpj" />
            <Field label="Ativa desde:" value={agency.opened_on && formatDate(agency.opened_on)} />
            <Field label="Endereço" value={agency.address} />
            <Field label="CNAE principal" value={agency.main_activity_code} />
          </dl>
        </>
      )}
    </Card>
  );
}
