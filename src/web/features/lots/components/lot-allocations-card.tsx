import { useState } from 'react';
import { PlaneTakeoffIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { EmissionStatusBadge } from '@/components/emission-status-badge';
import { PagedTableCard, type PagedColumn } from '@/components/paged-table-card';
import { TruncatedText } from '@/components/ui/truncated-text';
import { cn } from '@/lib/utils';
import { useLotAllocations } from '../api/get-lot-allocations';
import { formatCostPerThousand } from '../lot-display';
import type { LotAllocation } from '../types';

const COLUMNS: PagedColumn<LotAllocation>[] = [
  {
    header: 'Emissão',
    cell: (allocation) => (
      <>
        <Link
          to={`/emissoes/${allocation.emission_id}`}
          className={cn(
            'font-medium text-primary underline-offset-4 hover:underline',
            allocation.emission_pnr && 'font-mono',
          )}
        >
          {allocation.emission_pnr || 'Ver emissão'}
        </Link>
        {allocation.emission_route && (
          <p className="text-xs whitespace-nowrap text-muted-foreground">{allocation.emission_route}</p>
        )}
      </>
    ),
  },
  {
    header: 'Cliente',
    cell: (allocation) => <TruncatedText className="block max-w-[14rem]" text={allocation.client_name ?? '—'} />,
  },
  { header: 'Milhas', figure: true, cell: (allocation) => formatNumber(allocation.miles) },
  { header: 'CPM', figure: true, cell: (allocation) => formatCostPerThousand(allocation.cost_per_thousand) },
  { header: 'Custo', figure: true, cell: (allocation) => formatCents(allocation.cost_cents) },
  {
    header: 'Data',
    className: 'whitespace-nowrap tabular-nums',
    cell: (allocation) => formatDate(allocation.created_at),
  },
  { header: 'Status', cell: (allocation) => <EmissionStatusBadge status={allocation.emission_status} /> },
];

/** The emissions this lot fed (DESIGN.md §2 emission_allocations), newest first, 20 a page. */
export function LotAllocationsCard({ lotId }: { lotId: string }) {
  const [page, setPage] = useState(1);
  return (
    <PagedTableCard
      title="Histórico de Alocações"
      description="Emissões que usaram milhas deste lote."
      query={useLotAllocations(lotId, page)}
      empty={{
        icon: PlaneTakeoffIcon,
        title: 'Nenhuma alocação registrada',
        description: 'As emissões que usarem milhas deste lote aparecerão aqui.',
      }}
      tableLabel="Alocações do lote"
      tableClassName="min-w-[760px]"
      columns={COLUMNS}
      rowTestId="allocation-row"
      itemLabel="alocações"
      onPageChange={setPage}
    />
  );
}
