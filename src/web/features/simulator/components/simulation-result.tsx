import type * as React from 'react';
import { AlertTriangleIcon, CalculatorIcon, InfoIcon, OctagonAlertIcon } from 'lucide-react';
import { formatCents, formatNumber, formatPercent } from '@domain/format';
import {
  COST_SOURCE_LABELS,
  type CostSource,
  type Simulation,
  type SimulationWarning,
} from '@domain/simulator/simulator.rules';
import { RAV_MODE_LABELS, type RavMode } from '@domain/simulator/simulator.schema';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCostPerThousand } from '@/lib/cost-format';
import { cn } from '@/lib/utils';

export interface SimulationResultProps {
  /** Null before "Calcular Preço", or while a field does not read. */
  simulation: Simulation | null;
  costSource: CostSource;
  calculated: boolean;
  miles: number | null;
  ravMode: RavMode;
  markupText: string;
}

function Row({
  label,
  hint,
  value,
  testId,
  strong = false,
}: {
  label: string;
  hint?: React.ReactNode;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={cn('min-w-0', strong ? 'font-medium' : 'text-muted-foreground')}>
        {label}
        {hint && <span className="block text-xs font-normal text-muted-foreground">{hint}</span>}
      </dt>
      <dd className={cn('shrink-0 tabular-nums', strong && 'font-semibold')} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Spec part 2 §2: cost of miles, fees, RAV, markup, suggested price, net margin and margin percent. */
export function SimulationResult({
  simulation,
  costSource,
  calculated,
  miles,
  ravMode,
  markupText,
}: SimulationResultProps) {
  return (
    <Card aria-labelledby="simulation-result-title" data-testid="simulation-result">
      <CardHeader>
        <CardTitle id="simulation-result-title" className="flex items-center gap-2">
          <CalculatorIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          Resultado
        </CardTitle>
        {simulation && calculated && (
          <CardDescription>
            {COST_SOURCE_LABELS[costSource]}: {formatCostPerThousand(simulation.cost_per_thousand)} por milheiro
          </CardDescription>
        )}
      </CardHeader>
      <CardContent aria-live="polite">
        {!calculated ? (
          <p className="text-sm text-muted-foreground">
            Informe o programa, as milhas e os valores e clique em <strong>Calcular Preço</strong>.
          </p>
        ) : !simulation ? (
          <p className="text-sm text-muted-foreground">Corrija os campos destacados para ver o resultado.</p>
        ) : (
          <dl className="grid gap-2.5 text-sm">
            <Row
              label="Custo das milhas"
              hint={miles !== null ? `${formatNumber(miles)} milhas` : undefined}
              value={formatCents(simulation.miles_cost_cents)}
              testId="result-miles-cost"
            />
            <Row label="Taxas de embarque" value={formatCents(simulation.fees_cents)} testId="result-fees" />
            <Row
              label="RAV"
              hint={RAV_MODE_LABELS[ravMode].toLowerCase()}
              value={formatCents(simulation.rav_cents)}
              testId="result-rav"
            />
            <Row
              label={`Markup (${markupText}%)`}
              value={formatCents(simulation.markup_cents)}
              testId="result-markup"
            />
            <div className="mt-1 flex items-baseline justify-between gap-4 border-t pt-3">
              <dt className="font-semibold">Preço sugerido</dt>
              <dd className="text-2xl font-semibold tracking-tight tabular-nums" data-testid="result-price">
                {formatCents(simulation.price_cents)}
              </dd>
            </div>
            <Row label="Margem líquida" value={formatCents(simulation.margin_cents)} testId="result-margin" strong />
            <Row
              label="Margem %"
              value={formatPercent(simulation.margin_percent, 2)}
              testId="result-margin-percent"
              strong
            />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

const WARNING_ICONS = { destructive: OctagonAlertIcon, warning: AlertTriangleIcon, info: InfoIcon } as const;

/** The rules' warnings: the minimum margin (destructive, as the spec's alert), the cap, the stock, the lot's expiry. */
export function SimulationWarnings({ warnings }: { warnings: readonly SimulationWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="grid gap-2" data-testid="simulation-warnings">
      {warnings.map((w) => {
        const Icon = WARNING_ICONS[w.severity];
        return (
          <Alert
            key={w.code}
            variant={w.severity === 'info' ? 'default' : w.severity}
            role={w.severity === 'info' ? 'status' : 'alert'}
            data-code={w.code}
          >
            <Icon aria-hidden="true" />
            <AlertDescription>{w.message}</AlertDescription>
          </Alert>
        );
      })}
    </div>
  );
}

const FORMULAS: { mode: RavMode | null; text: string }[] = [
  { mode: null, text: 'Custo das milhas = milhas ÷ 1.000 × CPM' },
  { mode: null, text: 'Base = custo das milhas + taxas de embarque' },
  { mode: 'cost', text: 'RAV como custo: preço = (base + RAV) × (1 + markup ÷ 100)' },
  { mode: 'revenue', text: 'RAV como receita: preço = base × (1 + markup ÷ 100) + RAV' },
  { mode: null, text: 'Margem = preço − custos · Margem % = margem ÷ preço × 100' },
];

/** "A card explains the formula" (spec part 2 §2); the RAV mode in use is marked. */
export function FormulaCard({ ravMode }: { ravMode: RavMode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Como o preço é calculado</CardTitle>
        <CardDescription>
          Valores exatos em centavos, arredondados uma vez por valor (metade para cima).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1.5 text-sm">
          {FORMULAS.map((f) => (
            <li
              key={f.text}
              className={cn(
                'rounded-md px-2 py-1',
                f.mode === null
                  ? 'text-muted-foreground'
                  : f.mode === ravMode
                    ? 'bg-primary/10 font-medium text-foreground'
                    : 'text-muted-foreground',
              )}
              aria-current={f.mode === ravMode ? 'true' : undefined}
            >
              {f.text}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-muted-foreground">
          Custos: milhas e taxas, e a RAV quando ela é custo. Com RAV como receita, ela entra inteira na margem.
        </p>
      </CardContent>
    </Card>
  );
}
