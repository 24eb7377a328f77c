import { useState } from 'react';
import { PackageIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { LotPerformance } from '@domain/finance/lot-performance.schema';
import { formatCents, formatDate, formatNumber, formatPercent } from '@domain/format';
import { PagedTableCard, type PagedColumn } from '@/components/paged-table-card';
import { ProgramLabel } from '@/components/program-label';
import { LotStatusBadge } from '@/components/lot-status-badge';
import { useLotPerformance } from '../api/get-lot-performance';

const COLUMNS: PagedColumn<LotPerformance>[] = [
  {
    header: 'Lote',
    cell: (lot) => (
      <>
        <Link to={`/lotes/${lot.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
          <ProgramLabel program={lot.program} />
        </Link>
        <p className="text-xs whitespace-nowrap text-muted-foreground">
          {formatDate(lot.purchase_date)}
          {lot.supplier ? ` · ${lot.supplier}` : ''}
        </p>
        <LotStatusBadge status={lot.status} className="mt-1" />
      </>
    ),
  },
  {
    header: 'Milhas usadas',
    figure: true,
    cell: (lot) => (
      <>
        {formatNumber(lot.miles_used)}
        <p className="text-xs font-normal text-muted-foreground">de {formatNumber(lot.original_quantity)}</p>
      </>
    ),
  },
  { header: 'Custo das milhas', figure: true, cell: (lot) => formatCents(lot.used_cost_cents) },
  { header: 'Receita', figure: true, cell: (lot) => formatCents(lot.revenue_cents) },
  {
    header: 'Margem',
    figure: true,
    className: (lot) => (lot.margin_cents < 0 ? 'text-destructive' : 'text-success'),
    cell: (lot) => formatCents(lot.margin_cents),
  },
  {
    header: 'ROI',
    figure: true,
    className: (lot) => lot.roi_percent !== null && lot.roi_percent < 0 && 'text-destructive',
    cell: (lot) => (lot.roi_percent === null ? '—' : formatPercent(lot.roi_percent)),
  },
  { header: 'Em estoque', figure: true, cell: (lot) => formatCents(lot.stock_cost_cents) },
];

/**
 * The lots' performance over their life (issue #15): per lot, newest purchase first, the miles its
 * active emissions used and their cost, the revenue and margin those miles carried, the ROI and
 * what is still in stock; 10 a page.
 */
export function LotPerformanceCard() {
  const [page, setPage] = useState(1);
  return (
    <PagedTableCard
      title="Desempenho dos lotes"
      description="Desde a compra de cada lote: receita e margem das emissões que usaram suas milhas (divididas pela proporção de milhas), ROI sobre o custo das milhas usadas e o que resta em estoque."
      query={useLotPerformance(page)}
      empty={{
        icon: PackageIcon,
        title: 'Nenhum lote cadastrado',
        description: 'Cadastre um lote de milhas para acompanhar aqui o retorno de cada compra.',
      }}
      tableLabel="Desempenho dos lotes"
      tableClassName="min-w-[720px]"
      columns={COLUMNS}
      rowTestId="lot-performance-row"
      itemLabel="lotes"
      onPageChange={setPage}
    />
  );
}
