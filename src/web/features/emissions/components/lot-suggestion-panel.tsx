import { useState, type ReactNode } from 'react';
import { ChevronDownIcon, PackageIcon, TriangleAlertIcon } from 'lucide-react';
import { HIGH_CPM_BADGE, lotOptionFlags } from '@domain/emissions/emission.rules';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { QueryErrorState } from '@/components/query-error-state';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { formatCostPerThousand, milesText } from '../emission-display';
import type { AccountLot } from '../types';
import type { LotChoice } from '../wizard-model';

export interface LotSuggestionPanelProps {
  choice: LotChoice;
  /** The step's message ('Nenhum lote disponível com milhas suficientes'...). */
  error: string | undefined;
}

/** The lot badges: 'Alto CPMM' above the program's cap, and expiry under 60 days highlighted (spec part 2 §9). */
export function LotFlags({
  lot,
  today,
  cpmCap,
}: {
  lot: Pick<AccountLot, 'cost_per_thousand' | 'expiry_date'>;
  today: string;
  cpmCap: string | null;
}) {
  const flags = lotOptionFlags(lot, today, cpmCap);
  return (
    <>
      {flags.high_cpm && (
        <Badge variant="destructive" data-testid="high-cpm-badge">
          {HIGH_CPM_BADGE}
        </Badge>
      )}
      {flags.expiring_soon && flags.days_to_expiry !== null && (
        <Badge variant="warning" data-testid="expiring-badge">
          {flags.days_to_expiry === 0
            ? 'Vence hoje'
            : `Vence em ${formatNumber(flags.days_to_expiry)} ${flags.days_to_expiry === 1 ? 'dia' : 'dias'}`}
        </Badge>
      )}
    </>
  );
}

function LotLine({
  lot,
  miles,
  today,
  cpmCap,
}: {
  lot: AccountLot;
  miles?: number;
  today: string;
  cpmCap: string | null;
}) {
  const expiring = lotOptionFlags(lot, today, cpmCap).expiring_soon;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="truncate font-medium">{lot.supplier || 'Lote sem fornecedor'}</span>
        <LotFlags lot={lot} today={today} cpmCap={cpmCap} />
      </div>
      <div className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground tabular-nums">
        <span>Saldo {milesText(lot.remaining_quantity)}</span>
        <span>{formatCostPerThousand(lot.cost_per_thousand)}/mil</span>
        <span className={cn(expiring && 'font-medium text-amber-700 dark:text-amber-400')}>
          {lot.expiry_date ? `Vence ${formatDate(lot.expiry_date)}` : 'Sem vencimento'}
        </span>
        {miles !== undefined && <span className="font-medium text-foreground">Usa {milesText(miles)}</span>}
      </div>
    </div>
  );
}

const optionClass =
  'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40 hover:bg-muted/50';

/** 'Sugestão de lotes': one lot, several when none suffices alone, and the manual list. */
export function LotSuggestionPanel({ choice, error }: LotSuggestionPanelProps) {
  const { lots, today, miles, panel, selection, onSelectionChange } = choice;
  const [manualOpen, setManualOpen] = useState(selection.mode === 'manual');
  const cpmCap = lots.data?.cpm_cap ?? null;
  const byId = new Map((lots.data?.data ?? []).map((lot) => [lot.id, lot]));
  const { suggestion, manual } = panel;

  let body: ReactNode;
  if (lots.isPending) {
    body = (
      <div className="space-y-2" aria-label="Carregando lotes">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-4 w-40" />
      </div>
    );
  } else if (lots.isError) {
    body = <QueryErrorState compact title="Erro ao carregar os lotes da conta" query={lots} />;
  } else if (miles === null || suggestion === null) {
    body = <p className="text-sm text-muted-foreground">Informe as milhas para ver a sugestão de lotes.</p>;
  } else if (suggestion.kind === 'none') {
    body = (
      <Alert variant="destructive" data-testid="no-lots-alert">
        <TriangleAlertIcon aria-hidden="true" />
        <AlertDescription>{suggestion.message}</AlertDescription>
      </Alert>
    );
  } else {
    body = (
      <div className="grid gap-2" role="radiogroup" aria-label="Lotes da emissão">
        <label className={optionClass} data-testid="lot-suggestion">
          <input
            type="radio"
            name="emission-lots"
            className="mt-1 accent-primary"
            checked={selection.mode === 'suggested'}
            onChange={() => onSelectionChange({ mode: 'suggested' })}
          />
          {suggestion.kind === 'single' ? (
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                Sugestão · lote único
              </span>
              <LotLine lot={suggestion.lot} miles={suggestion.allocation.miles} today={today} cpmCap={cpmCap} />
            </div>
          ) : (
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <span className="flex flex-col gap-0.5">
                <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                  Sugestão · {suggestion.allocations.length} lotes
                </span>
                <span className="text-xs text-muted-foreground">Nenhum lote sozinho cobre as milhas.</span>
              </span>
              {suggestion.allocations.map((a) => {
                const lot = byId.get(a.lot_id);
                return lot ? <LotLine key={a.lot_id} lot={lot} miles={a.miles} today={today} cpmCap={cpmCap} /> : null;
              })}
              <p className="text-xs">
                Custo médio ponderado:{' '}
                <span className="font-semibold tabular-nums" data-testid="weighted-cpm">
                  {formatCostPerThousand(suggestion.weighted_cost_per_thousand)}/mil
                </span>{' '}
                · {formatCents(suggestion.total_cost_cents)}
              </p>
            </div>
          )}
        </label>

        <button
          type="button"
          className="flex w-fit items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40"
          aria-expanded={manualOpen}
          onClick={() => setManualOpen((open) => !open)}
        >
          Escolher lotes manualmente
          <ChevronDownIcon
            aria-hidden="true"
            className={cn('size-4 transition-transform', manualOpen && 'rotate-180')}
          />
        </button>
        {manualOpen &&
          (manual.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Nenhum lote cobre sozinho {milesText(miles)}; use a sugestão acima.
            </p>
          ) : (
            <div className="grid gap-2" data-testid="manual-lots">
              {manual.map((lot) => (
                <label key={lot.id} className={optionClass}>
                  <input
                    type="radio"
                    name="emission-lots"
                    className="mt-1 accent-primary"
                    checked={selection.mode === 'manual' && selection.lot_id === lot.id}
                    onChange={() => onSelectionChange({ mode: 'manual', lot_id: lot.id })}
                  />
                  <LotLine lot={lot} today={today} cpmCap={cpmCap} />
                </label>
              ))}
            </div>
          ))}
      </div>
    );
  }

  return (
    <section aria-labelledby="emission-lots-title" className="grid gap-3 rounded-lg border p-4">
      <div className="flex items-center gap-2">
        <PackageIcon aria-hidden="true" className="size-4 text-muted-foreground" />
        <h3 id="emission-lots-title" className="text-sm font-semibold">
          Sugestão de lotes
        </h3>
      </div>
      {body}
      {error && (
        <p role="alert" className="text-[0.8rem] font-medium text-destructive" data-testid="lots-error">
          {error}
        </p>
      )}
    </section>
  );
}
