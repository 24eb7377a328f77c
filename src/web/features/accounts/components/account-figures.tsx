import {
  AlertTriangleIcon,
  CalculatorIcon,
  CircleCheckIcon,
  HourglassIcon,
  PlaneTakeoffIcon,
  WalletIcon,
} from 'lucide-react';
import { isPointsProgram } from '@domain/programs';
import { SummaryCard } from '@/components/summary-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { formatCostPerThousand } from '@/lib/cost-format';
import { balanceMismatchText, quantityText } from '../account-display';
import type { AccountHistory } from '../types';

/** The account's four figures at the top of /contas/:id; their skeletons while it loads. */
export function AccountFigures({ history }: { history: AccountHistory | undefined }) {
  const program = history?.account.program ?? '';
  const quantity = (value: number | undefined) => (value === undefined ? undefined : quantityText(value, program));
  return (
    <section aria-label="Saldos da conta" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <SummaryCard
        label="Saldo"
        icon={WalletIcon}
        value={quantity(history?.balance_miles)}
        hint="Nos lotes da conta ainda não vencidos"
      />
      <SummaryCard
        label="Disponível para emissão"
        icon={PlaneTakeoffIcon}
        value={quantity(history?.available_miles)}
        hint="Em lotes disponíveis, dentro da validade"
      />
      <SummaryCard
        label="A creditar"
        icon={HourglassIcon}
        value={quantity(history?.to_come_miles)}
        hint="De transferências; fora do saldo até chegarem"
      />
      <SummaryCard
        label="Custo médio"
        icon={CalculatorIcon}
        value={history && formatCostPerThousand(history.average_cost_per_thousand)}
        hint={isPointsProgram(program) ? 'Por mil pontos, dos disponíveis' : 'Por milheiro, das milhas disponíveis'}
      />
    </section>
  );
}

/**
 * The balance beside the recount of the history: a quiet check when they agree, a warning when
 * they do not (a movement the history does not show, which an emission would draw from blind).
 */
export function AccountBalanceCheck({ history }: { history: AccountHistory }) {
  const mismatch = balanceMismatchText(history);
  if (mismatch) {
    return (
      <Alert variant="destructive" data-testid="balance-mismatch">
        <AlertTriangleIcon aria-hidden="true" />
        <AlertTitle>{mismatch}</AlertTitle>
        <AlertDescription>
          Alguma movimentação desta conta não aparece no histórico. Confira os lotes da conta antes de emitir.
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="balance-checked">
      <CircleCheckIcon aria-hidden="true" className="size-4 shrink-0 text-success" />
      Saldo conferido com o histórico
    </p>
  );
}
