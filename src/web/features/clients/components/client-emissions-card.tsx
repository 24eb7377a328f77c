import { useState } from 'react';
import { PlaneTakeoffIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { programName } from '@domain/programs';
import { EmissionStatusBadge } from '@/components/emission-status-badge';
import { ProgramDot } from '@/components/program-label';
import { QueryErrorState } from '@/components/query-error-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useClientEmissions } from '../api/get-client-emissions';

export function ClientEmissionsCard({ clientId }: { clientId: string }) {
  const [page, setPage] = useState(1);
  const emissions = useClientEmissions(clientId, page);
  const result = emissions.data;

  return (
    <Card className="gap-0 pb-0">
      <CardHeader className="pb-4">
        <CardTitle>Emissões</CardTitle>
      </CardHeader>
      {emissions.isError && !result ? (
        <CardContent className="pb-5">
          <QueryErrorState
            title="Erro ao carregar emissões"
            error={emissions.error}
            onRetry={() => void emissions.refetch()}
            retrying={emissions.isFetching}
          />
        </CardContent>
      ) : result && result.total === 0 ? (
        <div className="flex flex-col items-center gap-2 border-t px-6 py-10 text-center">
          <PlaneTakeoffIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">Nenhuma emissão registrada</p>
          <p className="text-sm text-muted-foreground">As emissões deste cliente aparecerão aqui.</p>
        </div>
      ) : (
        <div className="border-t">
          <Table className="min-w-[760px]" aria-label="Emissões do cliente" aria-busy={!result || emissions.isPlaceholderData}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Data</TableHead>
                <TableHead>PNR</TableHead>
                <TableHead>Rota</TableHead>
                <TableHead>Programa</TableHead>
                <TableHead className="text-right">Milhas</TableHead>
                <TableHead className="text-right">Receita</TableHead>
                <TableHead className="text-right">Margem</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={cn('transition-opacity', emissions.isPlaceholderData && 'opacity-60')}>
              {!result
                ? Array.from({ length: 3 }, (_, i) => (
                    <TableRow key={i} className="hover:bg-transparent">
                      {Array.from({ length: 8 }, (_, j) => (
                        <TableCell key={j}>
                          <Skeleton className="h-4 w-16" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : result.data.map((emission) => (
                    <TableRow key={emission.id}>
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
                  ))}
            </TableBody>
          </Table>
          {result && result.total_pages > 1 && (
            <div className="border-t p-4">
              <Pagination
                label="Paginação de emissões"
                page={result.page}
                totalPages={result.total_pages}
                total={result.total}
                pageSize={result.limit}
                itemLabel="emissões"
                onPageChange={setPage}
              />
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
