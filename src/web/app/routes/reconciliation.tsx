import { useState } from 'react';
import {
  AlertTriangleIcon,
  CheckCircle2Icon,
  ListChecksIcon,
  PercentIcon,
  RefreshCwIcon,
  SendIcon,
} from 'lucide-react';
import { EMISSION_STATUS_LABELS } from '@domain/emissions/emission.status';
import type { Reconciled } from '@domain/finance/reconciliation.schema';
import { formatNumber, formatPercent, isValidIsoDate } from '@domain/format';
import { ExportButton } from '@/components/export-button';
import { PageHeader } from '@/components/layouts/page-header';
import { ListCard } from '@/components/list-card';
import { ClearFiltersButton, PeriodFilter, PeriodInvertedMessage, StatusFilter } from '@/components/list-toolbar';
import { SummaryCard, SummaryCards } from '@/components/summary-card';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { PAGES } from '@/config/navigation';
import { useExportReconciliation } from '@/features/reconciliation/api/export-reconciliation';
import { useReconciliation } from '@/features/reconciliation/api/get-reconciliation';
import { PostMissingDialog } from '@/features/reconciliation/components/post-missing-dialog';
import { PostingDialog, type PostingTarget } from '@/features/reconciliation/components/posting-dialog';
import { ReconciliationTable, type SelectableRow } from '@/features/reconciliation/components/reconciliation-table';
import {
  hasReconciliationFilters,
  readReconciliationListParams,
  writeReconciliationListParams,
} from '@/features/reconciliation/list-params';
import type { ReconciliationRow } from '@/features/reconciliation/types';
import { listFilterProps, useListUrlState } from '@/hooks/use-list-url-state';
import { usePagedList } from '@/hooks/use-paged-list';
import { usePageSelection } from '@/hooks/use-page-selection';
import { cn } from '@/lib/utils';

export default function ReconciliationRoute() {
  const [state, updateList] = useListUrlState(readReconciliationListParams, writeReconciliationListParams);
  const { page, start, end, status, only_discrepancies } = state;

  // An inverted period is not sent (the API would refuse it): the page keeps the last valid one
  // while the message below the filters says why (as /emissoes does).
  const periodInverted = start !== null && end !== null && start > end;
  const [validPeriod, setValidPeriod] = useState(() => (periodInverted ? { start: null, end: null } : { start, end }));
  if (!periodInverted && (validPeriod.start !== start || validPeriod.end !== end)) setValidPeriod({ start, end });
  const period = periodInverted ? validPeriod : { start, end };
  const params = { ...period, status, only_discrepancies, page };
  const reconciliation = useReconciliation(params);
  const { list, rows, stale, onPageChange } = usePagedList(reconciliation, page, updateList);
  const selectable: SelectableRow[] | undefined = rows?.map((row) => ({ ...row, id: row.emission_id }));
  const selection = usePageSelection(params, selectable ?? []);
  const exportCsv = useExportReconciliation();

  const [posting, setPosting] = useState<{ open: boolean; target: PostingTarget | null }>({
    open: false,
    target: null,
  });
  const openPosting = (row: ReconciliationRow, category: Reconciled) =>
    setPosting({ open: true, target: { row, category } });
  const [bulkOpen, setBulkOpen] = useState(false);

  // The period boxes hold what is typed; the list follows once a date is complete (or cleared).
  const [periodKey, setPeriodKey] = useState(0);
  const onDate = (key: 'start' | 'end') => (value: string) => {
    if (value === '') updateList({ [key]: null, page: 1 });
    else if (isValidIsoDate(value)) updateList({ [key]: value, page: 1 });
  };
  const filtersActive = hasReconciliationFilters(state);
  const clearAll = () => {
    setPeriodKey((k) => k + 1);
    updateList({ start: null, end: null, status: null, only_discrepancies: false, page: 1 });
  };

  const counts = list?.counts;
  const refreshing = reconciliation.isFetching && !reconciliation.isPending;
  const selected = selection.selectedRows.length;

  return (
    <div className="space-y-6">
      <PageHeader
        {...PAGES.reconciliation}
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => void reconciliation.refetch()}
              disabled={reconciliation.isFetching}
            >
              <RefreshCwIcon aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
              Atualizar
            </Button>
            <ExportButton mutation={exportCsv} variables={{ ...period, status }} label="Exportar CSV" />
          </>
        }
      />

      <SummaryCards label="Resumo da conciliação" query={reconciliation}>
        <SummaryCard
          label="Total de emissões"
          hint="No período e status filtrados"
          icon={ListChecksIcon}
          value={counts && formatNumber(counts.total)}
        />
        <SummaryCard
          label="Discrepâncias"
          hint="Emissões com algum alerta"
          icon={AlertTriangleIcon}
          value={counts && formatNumber(counts.discrepancies)}
          highlight={counts !== undefined && counts.discrepancies > 0}
        />
        <SummaryCard
          label="Taxa de conformidade"
          hint="Emissões sem discrepância"
          icon={PercentIcon}
          value={counts && formatPercent(counts.compliance_rate)}
        />
        <SummaryCard
          label="Conciliadas"
          hint="Lançamentos conferem com a emissão"
          icon={CheckCircle2Icon}
          value={counts && formatNumber(counts.total - counts.discrepancies)}
        />
      </SummaryCards>

      <ListCard
        toolbarClassName="flex flex-wrap items-end gap-2"
        toolbar={
          <>
            <PeriodFilter
              key={periodKey}
              from={start}
              to={end}
              onFromChange={onDate('start')}
              onToChange={onDate('end')}
              inverted={periodInverted}
            />
            <StatusFilter
              labels={EMISSION_STATUS_LABELS}
              className="w-full sm:w-40"
              {...listFilterProps(state, updateList, 'status')}
            />
            <div className="flex h-9 items-center gap-2 px-1">
              <Switch
                id="only-discrepancies"
                checked={only_discrepancies}
                onCheckedChange={(checked) => updateList({ only_discrepancies: checked, page: 1 })}
              />
              <Label htmlFor="only-discrepancies" className="font-normal whitespace-nowrap">
                Somente discrepâncias
              </Label>
            </div>
            {(filtersActive || only_discrepancies) && <ClearFiltersButton onClick={clearAll} />}
            {selected > 0 && (
              <div className="flex items-center gap-2 sm:ml-auto">
                <Button onClick={() => setBulkOpen(true)}>
                  <SendIcon aria-hidden="true" />
                  Lançar faltantes ({formatNumber(selected)})
                </Button>
              </div>
            )}
            {periodInverted && <PeriodInvertedMessage />}
          </>
        }
        query={reconciliation}
        itemLabel="emissões"
        onPageChange={onPageChange}
      >
        <ReconciliationTable
          rows={selectable}
          refreshing={stale}
          {...selection.listProps}
          onPost={openPosting}
          empty={<EmptyState onlyDiscrepancies={only_discrepancies} />}
        />
      </ListCard>

      <PostingDialog
        open={posting.open}
        target={posting.target}
        onOpenChange={(open) => setPosting((current) => ({ ...current, open }))}
      />
      <PostMissingDialog
        open={bulkOpen}
        onOpenChange={setBulkOpen}
        emissionIds={selection.selectedRows.map((row) => row.emission_id)}
        onDone={selection.clear}
      />
    </div>
  );
}

/** 'Nenhuma emissão no período', or, with only the discrepancies, that everything is reconciled. */
function EmptyState({ onlyDiscrepancies }: { onlyDiscrepancies: boolean }) {
  const Icon = onlyDiscrepancies ? CheckCircle2Icon : ListChecksIcon;
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center" data-testid="reconciliation-empty">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1">
        <p className="font-semibold">
          {onlyDiscrepancies ? 'Nenhuma discrepância — tudo conciliado' : 'Nenhuma emissão no período'}
        </p>
        <p className="text-sm text-muted-foreground">
          {onlyDiscrepancies
            ? 'Os lançamentos conferem com as emissões do período e status filtrados.'
            : 'Nenhuma emissão foi criada no período e status filtrados.'}
        </p>
      </div>
    </div>
  );
}
