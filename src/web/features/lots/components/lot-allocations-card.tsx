import { PlaneTakeoffIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { EmissionStatusBadge } from '@/components/emission-status-badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCostPerThousand } from '../lot-display';
import { cn } from '@/lib/utils';
import type { LotAllocation } from '../types';

/** The emissions this lot fed (DESIGN.md §2 emission_allocations), newest as the server orders them. */
export function LotAllocationsCard({ allocations }: { allocations: LotAllocation[] }) {
  return (
    <Card className="gap-0 pb-0">
      <CardHeader className="pb-4">
        <CardTitle>Histórico de Alocações</CardTitle>
        <CardDescription>Emissões que usaram milhas deste lote.</CardDescription>
      </CardHeader>
      {allocations.length === 0 ? (
        <div className="flex flex-col items-center gap-2 border-t px-6 py-10 text-center">
          <PlaneTakeoffIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">Nenhuma alocação registrada</p>
          <p className="text-sm text-muted-foreground">As emissões que usarem milhas deste lote aparecerão aqui.</p>
        </div>
      ) : (
        <div className="border-t">
          <Table className="min-w-[760px]" aria-label="Alocações do lote">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Emissão</TableHead>
                <TableHead>Cliente</TableHead>
                <TableHead className="text-right">Milhas</TableHead>
                <TableHead className="text-right">CPM</TableHead>
                <TableHead className="text-right">Custo</TableHead>
                <TableHead>Data</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {allocations.map((allocation) => (
                <TableRow key={allocation.id} data-testid="allocation-row">
                  <TableCell>
                    <Link
                      to={`/emissoes/${allocation.emission_id}`}
                      className={cn('font-medium text-primary underline-offset-4 hover:underline', allocation.emission_pnr && 'font-mono')}
                    >
                      {allocation.emission_pnr || 'Ver emissão'}
                    </Link>
                    {allocation.emission_route && <p className="text-xs whitespace-nowrap text-muted-foreground">{allocation.emission_route}</p>}
                  </TableCell>
                  <TableCell className="max-w-[14rem] truncate">{allocation.client_name ?? '—'}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(allocation.miles)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCostPerThousand(allocation.cost_per_thousand)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCents(allocation.cost_cents)}</TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">{formatDate(allocation.created_at)}</TableCell>
                  <TableCell>
                    <EmissionStatusBadge status={allocation.emission_status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}
