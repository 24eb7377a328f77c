import { useState } from 'react';
import { PlaneTakeoffIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { programName } from '@domain/programs';
import { EmissionStatusBadge } from '@/components/emission-status-badge';
import { PagedTableCard, type PagedColumn } from '@/components/paged-table-card';
import { ProgramDot } from '@/components/program-label';
import { cn } from '@/lib/utils';
import { useClientEmissions } from '../api/get-client-emissions';
import type { ClientEmission } from '../types';

const COLUMNS: PagedColumn<ClientEmission>[] = [
  { header: 'Data', className: 'whitespace-nowrap tabular-nums', cell: (emission) => formatDate(emission.created_at) },
  {
    header: 'PNR',
    cell: (emission) => (
      <Link
        to={`/emissoes/${emission.id}`}
        className={cn(
          'whitespace-nowrap text-primary underline-offset-4 hover:underline',
          emission.pnr ? 'font-mono font-medium' : 'text-xs',
        )}
      >
        {emission.pnr || 'Sem PNR'}
      </Link>
    ),
  },
  { header: 'Rota', className: 'whitespace-nowrap', cell: (emission) => emission.route || '—' },
  {
    header: 'Programa',
    cell: (emission) => (
      <span className="inline-flex items-center gap-2 whitespace-nowrap">
        <ProgramDot program={emission.program} />
        {programName(emission.program)}
      </span>
    ),
  },
  { header: 'Milhas', figure: true, cell: (emission) => formatNumber(emission.miles_used) },
  { header: 'Receita', figure: true, cell: (emission) => formatCents(emission.revenue_cents) },
  {
    header: 'Margem',
    figure: true,
    className: (emission) => emission.margin_cents < 0 && 'text-destructive',
    cell: (emission) => formatCents(emission.margin_cents),
  },
  { header: 'Status', cell: (emission) => <EmissionStatusBadge status={emission.status} /> },
];

export function ClientEmissionsCard({ clientId }: { clientId: string }) {
  const [page, setPage] = useState(1);
  return (
    <PagedTableCard
      title="Emissões"
      query={useClientEmissions(clientId, page)}
      empty={{
        icon: PlaneTakeoffIcon,
        title: 'Nenhuma emissão registrada',
        description: 'As emissões deste cliente aparecerão aqui.',
      }}
      tableLabel="Emissões do cliente"
      tableClassName="min-w-[760px]"
      columns={COLUMNS}
      itemLabel="emissões"
      onPageChange={setPage}
    />
  );
}
