import { WalletIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { FinanceSummary } from '@domain/finance/summary.schema';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** Nothing to show: no emission, posting or stock in the period, its 12 months or up to its end. */
export function isEmptySummary(s: FinanceSummary): boolean {
  return (
    s.accrual.emissions === 0 &&
    s.previous_accrual.emissions === 0 &&
    s.cash.by_method.length === 0 &&
    s.recent_receipts.length === 0 &&
    s.receivables_cents === 0 &&
    s.stock_cost_cents === 0 &&
    s.sales.sales === 0 &&
    s.monthly.every((m) => m.revenue_cents === 0 && m.cost_cents === 0)
  );
}

/** An agency with no emissions and no postings yet (or a period far from any). */
export function FinanceEmptyState({ periodChosen }: { periodChosen: boolean }) {
  return (
    <Card className="items-center gap-3 px-6 py-12 text-center" data-testid="finance-empty">
      <WalletIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="font-semibold">
        {periodChosen ? 'Nenhum movimento neste período' : 'Nenhum dado financeiro ainda'}
      </h2>
      <p className="max-w-md text-sm text-muted-foreground">
        {periodChosen
          ? 'Não há emissões, lançamentos nem milhas em estoque neste período. Escolha outro mês ou volte ao mês atual.'
          : 'Receitas, custos e margens aparecem aqui assim que a agência registrar emissões e lançamentos financeiros.'}
      </p>
      {!periodChosen && (
        <Button asChild>
          <Link to="/emissoes">Ir para Emissões</Link>
        </Button>
      )}
    </Card>
  );
}
