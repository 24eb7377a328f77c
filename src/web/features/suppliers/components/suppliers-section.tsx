import { useState } from 'react';
import { PencilIcon, PlusIcon, StoreIcon } from 'lucide-react';
import { formatCents, formatNumber, todayIso } from '@domain/format';
import { deferredDialog } from '@/components/deferred';
import { ListEmptyState, type ListEmptyTexts } from '@/components/list-empty-state';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { Skeleton, SkeletonText } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useSuppliers } from '../api/get-suppliers';
import { averageCostText, supplierDocumentText, supplierPeriod, yearStart } from '../supplier-form';
import type { Supplier, SupplierList } from '../types';

// Loaded once the page is interactive, or when opened (components/deferred.tsx): not with /lotes.
const SupplierDialog = deferredDialog(async () => (await import('./supplier-dialog')).SupplierDialog);

const SKELETON_ROWS = 2;

const EMPTY: ListEmptyTexts = {
  icon: StoreIcon,
  title: 'Nenhum fornecedor cadastrado',
  noMatch: '',
  start: 'Cadastre de quem a agência compra milhas e pontos para escolhê-lo nos lotes e ver o que comprou de cada um.',
};

/** Wide: who on the left, the period's figures and 'Editar' on the right; on a phone one over the other. */
const ROW = 'grid gap-y-3 px-5 py-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto] md:items-center md:gap-x-6';

/**
 * 'Fornecedores' on /lotes (issue #23): the agency's suppliers of miles and points, each with what
 * was bought from it in the period (this year by default): lots, miles, average cost per thousand
 * and what was paid; 'Novo fornecedor' and 'Editar'.
 */
export function SuppliersSection() {
  const [today] = useState(todayIso);
  const [typed, setTyped] = useState(() => ({ from: yearStart(today), to: today }));
  const [period, setPeriod] = useState(typed);
  const [editing, setEditing] = useState<Supplier | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const suppliers = useSuppliers(period);
  const list = suppliers.data;
  const rows = list?.data;
  const stale = suppliers.isPlaceholderData;
  const { problem } = supplierPeriod(typed);

  const onDate = (key: 'from' | 'to') => (value: string) => {
    const next = { ...typed, [key]: value };
    setTyped(next);
    const choice = supplierPeriod(next);
    if (choice.query) setPeriod(choice.query);
  };
  const openNew = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (supplier: Supplier) => {
    setEditing(supplier);
    setDialogOpen(true);
  };

  return (
    <Card role="region" aria-labelledby="suppliers-title" className="gap-4 pb-0">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="space-y-1.5">
          <CardTitle id="suppliers-title">Fornecedores</CardTitle>
          <CardDescription>
            De quem a agência compra milhas e pontos, com o que comprou de cada um no período.
          </CardDescription>
        </div>
        <Button size="sm" className="mt-2 shrink-0 self-start sm:mt-0" onClick={openNew}>
          <PlusIcon aria-hidden="true" />
          Novo fornecedor
        </Button>
      </CardHeader>

      <CardContent>
        <section aria-label="Período" className="flex flex-wrap items-end gap-x-4 gap-y-2">
          <div className="grid w-full grid-cols-2 gap-2 sm:w-auto">
            <label className="grid gap-1 text-xs text-muted-foreground">
              De
              <DateInput className="sm:w-40" value={typed.from} onChange={onDate('from')} />
            </label>
            <label className="grid gap-1 text-xs text-muted-foreground">
              Até
              <DateInput
                className="sm:w-40"
                value={typed.to}
                onChange={onDate('to')}
                aria-invalid={problem ? true : undefined}
              />
            </label>
          </div>
          {problem && (
            <p role="alert" className="w-full text-[0.8rem] font-medium text-destructive">
              {problem}
            </p>
          )}
        </section>
      </CardContent>

      {suppliers.isError && !list ? (
        <CardContent className="pb-5">
          <QueryErrorState title="Erro ao carregar os fornecedores" query={suppliers} />
        </CardContent>
      ) : (
        <>
          {!(rows && rows.length === 0) && (
            <CardContent>
              <SuppliersTotals totals={list?.totals} />
            </CardContent>
          )}
          <div className="border-t">
            {rows && rows.length === 0 ? (
              <ListEmptyState texts={EMPTY} filtered={false}>
                <Button variant="outline" size="sm" onClick={openNew}>
                  <PlusIcon aria-hidden="true" />
                  Novo fornecedor
                </Button>
              </ListEmptyState>
            ) : (
              <ul
                aria-label="Fornecedores"
                aria-busy={rows === undefined || stale}
                className={cn('divide-y transition-opacity', stale && 'opacity-60')}
              >
                {rows === undefined
                  ? Array.from({ length: SKELETON_ROWS }, (_, i) => <SupplierSkeletonItem key={i} />)
                  : rows.map((supplier) => <SupplierItem key={supplier.id} supplier={supplier} onEdit={openEdit} />)}
              </ul>
            )}
          </div>
        </>
      )}

      <SupplierDialog open={dialogOpen} onOpenChange={setDialogOpen} supplier={editing} />
    </Card>
  );
}

type Figures = SupplierList['totals'];

/** Lotes, milhas compradas, custo médio do milheiro and valor pago: a supplier's, or every one's together. */
function figureList(figures: Figures | undefined) {
  return [
    { key: 'lots', label: 'Lotes', value: figures && formatNumber(figures.lots) },
    { key: 'miles', label: 'Milhas compradas', value: figures && formatNumber(figures.miles) },
    {
      key: 'average',
      label: 'Custo médio do milheiro',
      value: figures && averageCostText(figures.average_cost_per_thousand),
    },
    { key: 'paid', label: 'Valor pago', value: figures && formatCents(figures.paid_cents) },
  ];
}

function SuppliersTotals({ totals }: { totals: Figures | undefined }) {
  return (
    <dl
      aria-label="Totais do período"
      className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg bg-muted/40 px-4 py-3 sm:grid-cols-4"
      data-testid="suppliers-totals"
    >
      {figureList(totals).map((figure) => (
        <div key={figure.key} className="min-w-0 space-y-0.5">
          <dt className="text-xs text-muted-foreground">{figure.label}</dt>
          <dd className="font-semibold tabular-nums" data-testid={`suppliers-total-${figure.key}`}>
            {figure.value ?? <Skeleton className="mt-1 h-4 w-20" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface SupplierItemProps {
  supplier: Supplier;
  onEdit: (supplier: Supplier) => void;
}

function SupplierItem({ supplier, onEdit }: SupplierItemProps) {
  const document = supplierDocumentText(supplier.document);
  return (
    <li className={ROW} data-testid="supplier-row">
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className="truncate font-medium">{supplier.name}</p>
        {document && <p className="text-muted-foreground tabular-nums">{document}</p>}
        {supplier.pix_key && <p className="truncate text-muted-foreground">PIX: {supplier.pix_key}</p>}
        {supplier.contact && <p className="truncate text-xs text-muted-foreground">{supplier.contact}</p>}
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm tabular-nums sm:grid-cols-4">
        {figureList(supplier.period).map((figure) => (
          <div key={figure.key} className="flex min-w-0 flex-col">
            <dt className="text-xs text-muted-foreground">{figure.label}</dt>
            <dd className={cn(figure.key === 'paid' && 'font-semibold')}>{figure.value}</dd>
          </div>
        ))}
      </dl>

      <div className="flex justify-end">
        <Button variant="outline" size="sm" aria-label={`Editar ${supplier.name}`} onClick={() => onEdit(supplier)}>
          <PencilIcon aria-hidden="true" />
          Editar
        </Button>
      </div>
    </li>
  );
}

function SupplierSkeletonItem() {
  return (
    <li className={ROW} aria-hidden="true">
      <SkeletonText widths={['w-40', 'w-32']} />
      <SkeletonText widths={['w-48', 'w-36']} />
      <Skeleton className="h-8 w-20 md:ml-auto" />
    </li>
  );
}
