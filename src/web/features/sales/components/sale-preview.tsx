import { formatCents, formatDate, formatNumber } from '@domain/format';
import { formatCostPerThousand } from '@/lib/cost-format';
import { cn } from '@/lib/utils';
import { receivablesPlanText, type SaleEstimate, type SalePreview } from '../sale-form';

export interface SalePreviewPanelProps {
  preview: SalePreview;
  /** The cost and profit if the miles were taken now; null while the account's lots are unknown. */
  estimate: SaleEstimate | null;
}

/** 'Resumo da venda': what the sale is worth, its instalments and, estimated, its cost and profit, live from what is typed. */
export function SalePreviewPanel({ preview, estimate }: SalePreviewPanelProps) {
  return (
    <section
      aria-label="Resumo da venda"
      className="grid gap-3 rounded-lg border bg-muted/40 p-4"
      data-testid="sale-preview"
    >
      {/* Announced as it changes, so a screen reader hears what the typed miles and price make. */}
      <div aria-live="polite" className="grid gap-3">
        {preview.kind === 'priced' ? (
          <>
            <div className="space-y-0.5">
              <p className="text-xs font-medium text-muted-foreground">Valor da venda</p>
              <p className="text-base font-semibold tabular-nums" data-testid="sale-preview-price">
                {formatCents(preview.price_cents)}
              </p>
              <p className="text-xs text-muted-foreground tabular-nums">
                {`${formatNumber(preview.miles)} milhas a ${formatCents(preview.price_per_thousand_cents)} o milheiro`}
              </p>
            </div>
            <ReceivablesPlan preview={preview} />
            {estimate && <EstimateLines estimate={estimate} />}
          </>
        ) : preview.kind === 'too-low' ? (
          <p className="text-sm font-medium text-destructive">{preview.message}</p>
        ) : (
          <p className="text-sm text-muted-foreground">
            Informe as milhas e o preço do milheiro para ver o valor da venda e as parcelas.
          </p>
        )}
      </div>
    </section>
  );
}

function ReceivablesPlan({ preview }: { preview: Extract<SalePreview, { kind: 'priced' }> }) {
  const plan = preview.receivables;
  if (!plan) {
    return <p className="text-xs text-muted-foreground">Confira as datas e as parcelas para ver os vencimentos.</p>;
  }
  return (
    <div className="space-y-1.5">
      <p className="text-xs font-medium text-muted-foreground">Recebimento</p>
      <p className="text-sm font-medium tabular-nums" data-testid="sale-preview-plan">
        {receivablesPlanText(plan)}
      </p>
      {plan.length > 1 && (
        <ol
          aria-label="Parcelas a receber"
          className="grid grid-cols-1 gap-x-6 gap-y-0.5 text-xs text-muted-foreground tabular-nums min-[400px]:grid-cols-2 sm:grid-cols-3"
        >
          {plan.map((r) => (
            <li key={r.instalment} className="flex justify-between gap-2">
              <span>{`${r.instalment}ª · ${formatDate(r.due_date)}`}</span>
              <span className="text-foreground">{formatCents(r.amount_cents)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function EstimateLines({ estimate }: { estimate: SaleEstimate }) {
  return (
    <div className="space-y-0.5 border-t pt-3 text-sm" data-testid="sale-preview-estimate">
      <p className="tabular-nums">
        Custo estimado das milhas: <span className="font-medium">{formatCents(estimate.cost_cents)}</span>{' '}
        <span className="text-muted-foreground">({formatCostPerThousand(estimate.cost_per_thousand)} o milheiro)</span>
      </p>
      <p className="tabular-nums">
        Lucro estimado:{' '}
        <span
          className={cn('font-medium', estimate.profit_cents < 0 ? 'text-destructive' : 'text-success')}
          data-testid="sale-preview-profit"
        >
          {formatCents(estimate.profit_cents)}
        </span>
        {estimate.profit_cents < 0 && <span className="text-muted-foreground"> (venda abaixo do custo)</span>}
      </p>
      <p className="text-xs text-muted-foreground">
        Pelos lotes da conta agora; o custo real é calculado ao salvar, pela política de alocação da agência.
      </p>
    </div>
  );
}
