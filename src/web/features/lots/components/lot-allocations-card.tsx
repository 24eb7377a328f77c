import { useState } from 'react';
import { PlaneTakeoffIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { EmissionStatusBadge } from '@/components/emission-status-badge';
import { PagedTableCard } from '@/components/paged-table-card';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useLotAllocations } from '../api/get-lot-allocations';
import { formatCostPerThousand } from '../lot-display';
import type { LotAllocation } from '../types';

/** The emissions this lot fed (DESIGN.md §2 emission_allocations), newest first, 20 a page. */
export function LotAllocationsCard({ lotId }: { lotId: string }) {
  const [page, setPage] = useState(1);
  const allocations = useLotAllocations(lotId, page);
  return (
    <PagedTableCard
      title="Histórico de Alocações"
      description="Emissões que usaram milhas deste lote."
      query={allocations}
      errorTitle="Erro ao carregar alocações"
      empty={{
        icon: PlaneTakeoffIcon,
        title: 'Nenhuma alocação registrada',
        description: 'As emissões que usarem milhas deste lote aparecerão aqui.',
      }}
      tableLabel="Alocações do lote"
      tableClassName="min-w-[760px]"
      head={
        <>
          <TableHead>Emissão</TableHead>
          <TableHead>Cliente</TableHead>
          <TableHead className="text-right">Milhas</TableHead>
          <TableHead className="text-right">CPM</TableHead>
          <TableHead className="text-right">Custo</TableHead>
          <TableHead>Data</TableHead>
          <TableHead>Status</TableHead>
        </>
      }
      columns={7}
      renderRow={(allocation) => <LotAllocationRow key={allocation.id} allocation={allocation} />}
      paginationLabel="Paginação de alocações"
      itemLabel="alocações"
      onPageChange={setPage}
    />
  );
}

function LotAllocationRow({ allocation }: { allocation: LotAllocation }) {
  return (
    <TableRow data-testid="allocation-row">
      <TableCell>
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
      </TableCell>
      <TableCell className="max-w-[14rem] truncate">{allocation.client_name ?? '—'}</TableCell>
      <TableCell className="text-right tabular-nums">{formatNumber(allocation.miles)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {formatCostPerThousand(allocation.cost_per_thousand)}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCents(allocation.cost_cents)}</TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatDate(allocation.created_at)}</TableCell>
      <TableCell>
        <EmissionStatusBadge status={allocation.emission_status} />
      </TableCell>
    </TableRow>
  );
}
