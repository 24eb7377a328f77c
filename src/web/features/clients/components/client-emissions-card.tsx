import { useState } from 'react';
import { PlaneTakeoffIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { programName } from '@domain/programs';
import { EmissionStatusBadge } from '@/components/emission-status-badge';
import { PagedTableCard } from '@/components/paged-table-card';
import { ProgramDot } from '@/components/program-label';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useClientEmissions } from '../api/get-client-emissions';
import type { ClientEmission } from '../types';

export function ClientEmissionsCard({ clientId }: { clientId: string }) {
  const [page, setPage] = useState(1);
  const emissions = useClientEmissions(clientId, page);
  return (
    <PagedTableCard
      title="Emissões"
      query={emissions}
      errorTitle="Erro ao carregar emissões"
      empty={{
        icon: PlaneTakeoffIcon,
        title: 'Nenhuma emissão registrada',
        description: 'As emissões deste cliente aparecerão aqui.',
      }}
      tableLabel="Emissões do cliente"
      tableClassName="min-w-[760px]"
      head={
        <>
          <TableHead>Data</TableHead>
          <TableHead>PNR</TableHead>
          <TableHead>Rota</TableHead>
          <TableHead>Programa</TableHead>
          <TableHead className="text-right">Milhas</TableHead>
          <TableHead className="text-right">Receita</TableHead>
          <TableHead className="text-right">Margem</TableHead>
          <TableHead>Status</TableHead>
        </>
      }
      columns={8}
      renderRow={(emission) => <ClientEmissionRow key={emission.id} emission={emission} />}
      paginationLabel="Paginação de emissões"
      itemLabel="emissões"
      onPageChange={setPage}
    />
  );
}

function ClientEmissionRow({ emission }: { emission: ClientEmission }) {
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap tabular-nums">{formatDate(emission.created_at)}</TableCell>
      <TableCell>
        <Link
          to={`/emissoes/${emission.id}`}
          className={cn(
            'whitespace-nowrap text-primary underline-offset-4 hover:underline',
            emission.pnr ? 'font-mono font-medium' : 'text-xs',
          )}
        >
          {emission.pnr || 'Sem PNR'}
        </Link>
      </TableCell>
      <TableCell className="whitespace-nowrap">{emission.route || '—'}</TableCell>
      <TableCell>
        <span className="inline-flex items-center gap-2 whitespace-nowrap">
          <ProgramDot program={emission.program} />
          {programName(emission.program)}
        </span>
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatNumber(emission.miles_used)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCents(emission.revenue_cents)}</TableCell>
      <TableCell
        className={cn('text-right whitespace-nowrap tabular-nums', emission.margin_cents < 0 && 'text-destructive')}
      >
        {formatCents(emission.margin_cents)}
      </TableCell>
      <TableCell>
        <EmissionStatusBadge status={emission.status} />
      </TableCell>
    </TableRow>
  );
}
