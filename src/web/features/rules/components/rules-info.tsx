import { InfoIcon } from 'lucide-react';
import { formatCents, formatNumber } from '@domain/format';
import { RULE_DEFAULTS } from '@domain/rules/rule.schema';
import { Alert, AlertTitle } from '@/components/ui/alert';

/** Spec part 2 §2 "/regras": the info box of where the rules are used. */
export function RulesInfo() {
  return (
    <Alert role="note" data-testid="rules-info">
      <InfoIcon aria-hidden="true" />
      <AlertTitle>Onde as regras são usadas</AlertTitle>
      {/* A list cannot sit in AlertDescription's <p>: the same look on a <div>. */}
      <div className="col-start-2 text-sm leading-snug opacity-90">
        <ul className="list-disc space-y-1 pl-4">
          <li>Nova Emissão: lotes com CPM acima do CPM máximo do programa recebem o selo &quot;Alto CPMM&quot;.</li>
          <li>Nova Emissão: alerta quando a margem estimada fica abaixo da margem mínima (R$ ou %).</li>
          <li>Emissões: a meta de SLA define quando uma emissão está atrasada e gera o alerta de SLA.</li>
          <li>
            Programas sem regra usam os valores padrão: margem mínima{' '}
            {formatNumber(Number(RULE_DEFAULTS.min_margin_percent))}% e {formatCents(RULE_DEFAULTS.min_margin_cents)},
            RAV {formatCents(RULE_DEFAULTS.default_rav_cents)}, sem CPM máximo e SLA de{' '}
            {formatNumber(RULE_DEFAULTS.sla_target_hours)} horas.
          </li>
        </ul>
      </div>
    </Alert>
  );
}
