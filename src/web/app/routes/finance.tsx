import { useState } from 'react';
import { RefreshCwIcon } from 'lucide-react';
import { todayIso } from '@domain/format';
import { GenerateReportButton } from '@/components/generate-report-button';
import { PageHeader } from '@/components/layouts/page-header';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { PAGES } from '@/config/navigation';
import { CardsSection } from '@/features/cards/components/cards-section';
import { PayablesSection } from '@/features/cards/components/payables-section';
import { useFinanceSummary, type FinanceSummaryParams } from '@/features/finance/api/get-summary';
import { AccrualCards } from '@/features/finance/components/accrual-cards';
import { AccrualVsCash } from '@/features/finance/components/accrual-vs-cash';
import { CashCard } from '@/features/finance/components/cash-card';
import { FinanceEmptyState, isEmptySummary } from '@/features/finance/components/finance-empty-state';
import { LotPerformanceCard } from '@/features/finance/components/lot-performance-card';
import { MonthlySection } from '@/features/finance/components/monthly-section';
import { PeriodControl } from '@/features/finance/components/period-control';
import { RecentReceipts } from '@/features/finance/components/recent-receipts';
import { SalesPeriodCard } from '@/features/finance/components/sales-period-card';
import { monthEnd, monthStart, periodProblem, readFinancePeriod, writeFinancePeriod } from '@/features/finance/period';
import { ReceivablesSection } from '@/features/sales/components/receivables-section';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { cn } from '@/lib/utils';

/**
 * /financeiro (issue #15 "Finance", spec part 2 §2): the accrual and cash figures of a period
 * (docs/decisions/0019), what separates them, 12 months of revenue, cost and margin, the last
 * receipts, and each lot's performance since its purchase. The period is kept in the address (?de=&ate=); none is the current month.
 * Below, whatever the period: the card instalments to pay and the agency's cards (issue #23).
 */
export default function FinanceRoute() {
  const [typed, update] = useListUrlState(readFinancePeriod, writeFinancePeriod);
  const today = todayIso();

  // A period the API would refuse (inverted, too long) or half typed is not sent: the page keeps
  // the last one asked, and says why below the boxes.
  const problem = periodProblem(typed);
  const complete = typed.from !== null && typed.to !== null && problem === null;
  const none = typed.from === null && typed.to === null;
  const [asked, setAsked] = useState<FinanceSummaryParams>(() => (complete ? typed : { from: null, to: null }));
  const next: FinanceSummaryParams | null = complete ? typed : none ? { from: null, to: null } : null;
  if (next && (next.from !== asked.from || next.to !== asked.to)) setAsked(next);

  const summary = useFinanceSummary(next ?? asked);
  const data = summary.data;
  const shown =
    next?.from && next.to
      ? { from: next.from, to: next.to }
      : (data?.period ?? { from: monthStart(today), to: monthEnd(today) });
  const refreshing = summary.isFetching && !summary.isPending;

  return (
    <div className="space-y-6">
      <PageHeader
        {...PAGES.finance}
        actions={
          <>
            <Button variant="outline" onClick={() => void summary.refetch()} disabled={summary.isFetching}>
              <RefreshCwIcon aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
              Atualizar
            </Button>
            {/* The month's report: of the month the period starts in. */}
            <GenerateReportButton
              variant="outline"
              data-testid="finance-pdf"
              input={{ ref_type: 'finance_month', month: shown.from.slice(0, 7) }}
            >
              PDF do mês
            </GenerateReportButton>
          </>
        }
      />

      <PeriodControl
        period={shown}
        typed={typed}
        today={today}
        problem={problem}
        onPeriod={(period) => update(period)}
      />

      {summary.isError && data === undefined ? (
        <QueryErrorState title="Erro ao carregar o financeiro" query={summary} />
      ) : data && isEmptySummary(data) ? (
        <FinanceEmptyState periodChosen={!none} />
      ) : (
        <div
          className={cn('space-y-6 transition-opacity', summary.isPlaceholderData && 'opacity-60')}
          aria-busy={summary.isPending || summary.isPlaceholderData || undefined}
        >
          <AccrualCards summary={data} query={summary} />
          <MonthlySection monthly={data?.monthly} />
          <CashCard summary={data} />
          <SalesPeriodCard summary={data} />
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <AccrualVsCash summary={data} />
            <RecentReceipts receipts={data?.recent_receipts} />
          </div>
          <LotPerformanceCard />
        </div>
      )}

      {/* The cards and their instalments are not of the period, and an agency may have them before any posting. */}
      <PayablesSection today={today} />
      <ReceivablesSection today={today} />
      <CardsSection />
    </div>
  );
}
