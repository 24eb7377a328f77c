import { formatCents, formatNumber, formatPercent } from '../format';
import {
  isEligibleLot,
  planAllocation,
  SHORTAGE_MESSAGE_PT,
  type AllocationPlan,
  type AllocationPolicy,
  type AllocationShortage,
  type CandidateLot,
  type LotSuggestion,
} from '../lots/allocation';
import { daysToExpiry, numericToScaled } from '../lots/lot.rules';
import { divRoundHalfAwayFromZero, type Cents } from '../money';
import { RULE_DEFAULT_SLA_TARGET_HOURS } from '../rules/rule.schema';
import { EMISSION_STATUS_LABELS, isEmissionStatus, type EmissionStatus } from './emission.schema';

// Pure rules of an emission: its margin (spec part 2 §9 "Emission"), its status machine
// (DESIGN.md §2 "Emission status"), the wizard's lot and margin hints (§9 "Lot suggestion") and
// the SLA statistic (§9 "Alerts and rules").

// ---------------------------------------------------------------------------------------------
// Financials

export interface EmissionAmounts {
  /** Σ of the allocations' cost_cents (planAllocation's total_cost_cents). */
  miles_cost_cents: Cents;
  fees_cents: Cents;
  revenue_cents: Cents;
  rav_cents: Cents;
}

export interface EmissionFinancials {
  /** fees + miles cost + RAV. */
  total_cost_cents: Cents;
  /** revenue − total cost, exact; negative is a loss. */
  margin_cents: Cents;
  /** margin ÷ revenue × 100 rounded half away from zero to 2 places (12.35 = 12,35 %); 0 without revenue. */
  margin_percent: number;
}

function assertAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} deve ser um inteiro não negativo de centavos: ${String(value)}`);
  }
}

/**
 * margin ÷ revenue × 100 at 2 places, computed on integers (no float division of money):
 * margin × 10 000 ÷ revenue is the percent in hundredths.
 */
export function marginPercent(marginCents: Cents, revenueCents: Cents): number {
  if (revenueCents === 0) return 0;
  const hundredths = divRoundHalfAwayFromZero(BigInt(marginCents) * 10_000n, BigInt(revenueCents));
  return Number(hundredths) / 100 || 0;
}

/** Spec part 2 §9: margin = revenue − (fees + miles cost + RAV). Throws a RangeError on amounts that are not centavos ≥ 0. */
export function computeEmissionFinancials(a: EmissionAmounts): EmissionFinancials {
  assertAmount(a.miles_cost_cents, 'Custo das milhas');
  assertAmount(a.fees_cents, 'Taxas');
  assertAmount(a.revenue_cents, 'Receita');
  assertAmount(a.rav_cents, 'RAV');
  const total_cost_cents = a.fees_cents + a.miles_cost_cents + a.rav_cents;
  const margin_cents = a.revenue_cents - total_cost_cents;
  if (!Number.isSafeInteger(total_cost_cents) || !Number.isSafeInteger(margin_cents))
    throw new RangeError('Valor fora do intervalo seguro');
  return { total_cost_cents, margin_cents, margin_percent: marginPercent(margin_cents, a.revenue_cents) };
}

// ---------------------------------------------------------------------------------------------
// Margin warnings

/** Spec part 2 §9 "Lot suggestion" and "Margin alerts use 10 percent". */
const MIN_RECOMMENDED_MARGIN_PERCENT = 10;

export const NEGATIVE_MARGIN_WARNING = {
  title: 'Atenção: Margem Negativa',
  description: 'Esta emissão resultará em prejuízo. Confirme se deseja continuar.',
} as const;

export function isNegativeMargin(marginCents: Cents): boolean {
  return marginCents < 0;
}

/** Strictly below: exactly the minimum is fine. */
export function isBelowRecommendedMargin(
  percent: number,
  minPercent: number = MIN_RECOMMENDED_MARGIN_PERCENT,
): boolean {
  return percent < minPercent;
}

/**
 * 'Margem estimada (8,5%) está abaixo do mínimo recomendado (10%).' The estimate is cut, not
 * rounded, to 1 place, so a margin just below the minimum (9,96 %) never reads as "10,0%".
 */
export function marginAlertMessage(percent: number, minPercent: number = MIN_RECOMMENDED_MARGIN_PERCENT): string {
  // The epsilon absorbs binary representation (8.2 × 10 = 81.99999…) of the 2-place input.
  const shown = Math.floor(percent * 10 + 1e-9) / 10;
  return `Margem estimada (${formatPercent(shown, 1)}) está abaixo do mínimo recomendado (${formatNumber(minPercent)}%).`;
}

/** The part of a program rule the margin alert reads (src/domain/rules/rule.schema.ts). */
export interface MarginRule {
  min_margin_cents: Cents;
  /** Numeric text, "10.00". */
  min_margin_percent: string;
}

/**
 * The wizard's minimum-margin alert under the program's rule (spec part 2 §9; issue #15): below
 * the rule's % the spec's message with that %, else below the rule's R$ the same sentence in
 * reais; null when the margin meets both. Without a rule (null) the defaults apply: 10 % and R$ 0.
 */
export function minimumMarginAlert(
  financials: { margin_cents: Cents; margin_percent: number },
  rule: MarginRule | null | undefined,
): string | null {
  const minPercent = rule ? Number(rule.min_margin_percent) : MIN_RECOMMENDED_MARGIN_PERCENT;
  if (isBelowRecommendedMargin(financials.margin_percent, minPercent)) {
    return marginAlertMessage(financials.margin_percent, minPercent);
  }
  const minCents = rule?.min_margin_cents ?? 0;
  if (financials.margin_cents < minCents) {
    return `Margem estimada (${formatCents(financials.margin_cents)}) está abaixo do mínimo recomendado (${formatCents(minCents)}).`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Status machine (DESIGN.md §2 "Emission status")

/** A new emission starts processing with submitted_at = now. */
export const INITIAL_EMISSION_STATUS = 'processing' satisfies EmissionStatus;

export const EMISSION_ACTIONS = ['issue', 'fail', 'submit', 'retry', 'cancel'] as const;
export type EmissionAction = (typeof EMISSION_ACTIONS)[number];

export type EmissionTimestampField = 'submitted_at' | 'issued_at' | 'failed_at' | 'cancelled_at';

export interface EmissionActionDefinition {
  action: EmissionAction;
  from: readonly EmissionStatus[];
  to: EmissionStatus;
  /** Set to now by the transition; each holds the latest time it happened, the activity log the history. */
  timestamp_field: EmissionTimestampField;
  /** The detail page's button. */
  label: string;
  destructive: boolean;
  confirm: { title: string; description: string; confirm_label: string; dismiss_label: string };
  success_toast: { title: string; description?: string };
}

const DISMISS = 'Voltar';

/**
 * The status machine, one action per move: processing → issued | failed; failed → processing
 * (Reenviar); pending → processing (a pending emission is submitted); any non-cancelled →
 * cancelled, which returns the miles to their lots. Nothing leaves cancelled.
 */
export const EMISSION_ACTION_DEFINITIONS: Readonly<Record<EmissionAction, EmissionActionDefinition>> = {
  issue: {
    action: 'issue',
    from: ['processing'],
    to: 'issued',
    timestamp_field: 'issued_at',
    label: 'Marcar como emitida',
    destructive: false,
    confirm: {
      title: 'Marcar como emitida?',
      description:
        'Confirme que a companhia emitiu o bilhete. O horário de emissão fica registrado e conta para o SLA.',
      confirm_label: 'Marcar como emitida',
      dismiss_label: DISMISS,
    },
    success_toast: { title: 'Emissão marcada como emitida' },
  },
  fail: {
    action: 'fail',
    from: ['processing'],
    to: 'failed',
    timestamp_field: 'failed_at',
    label: 'Marcar falha',
    destructive: true,
    confirm: {
      title: 'Marcar falha?',
      description:
        'A emissão passa a Falhou e deixa de contar na receita. As milhas continuam reservadas nos lotes até que ela seja reenviada ou cancelada.',
      confirm_label: 'Marcar falha',
      dismiss_label: DISMISS,
    },
    success_toast: { title: 'Falha registrada' },
  },
  submit: {
    action: 'submit',
    from: ['pending'],
    to: 'processing',
    timestamp_field: 'submitted_at',
    label: 'Enviar para emissão',
    destructive: false,
    confirm: {
      title: 'Enviar para emissão?',
      description: 'A emissão passa a Processando e o prazo de SLA começa a contar agora.',
      confirm_label: 'Enviar',
      dismiss_label: DISMISS,
    },
    success_toast: { title: 'Emissão enviada' },
  },
  retry: {
    action: 'retry',
    from: ['failed'],
    to: 'processing',
    timestamp_field: 'submitted_at',
    label: 'Reenviar',
    destructive: false,
    confirm: {
      title: 'Reenviar emissão?',
      description: 'A emissão volta a Processando e o prazo de SLA recomeça a contar agora.',
      confirm_label: 'Reenviar',
      dismiss_label: DISMISS,
    },
    success_toast: { title: 'Emissão reenviada' },
  },
  cancel: {
    action: 'cancel',
    from: ['pending', 'processing', 'issued', 'failed'],
    to: 'cancelled',
    timestamp_field: 'cancelled_at',
    label: 'Cancelar emissão',
    destructive: true,
    confirm: {
      title: 'Cancelar emissão?',
      description:
        'As milhas voltam para os lotes de origem e a emissão deixa de contar na receita. Esta ação não pode ser desfeita.',
      confirm_label: 'Cancelar emissão',
      dismiss_label: DISMISS,
    },
    success_toast: { title: 'Emissão cancelada', description: 'As milhas voltaram para os lotes de origem.' },
  },
};

/** The detail page's buttons for a status, in EMISSION_ACTIONS order. */
export function availableActions(status: string): EmissionAction[] {
  if (!isEmissionStatus(status)) return [];
  return EMISSION_ACTIONS.filter((a) => EMISSION_ACTION_DEFINITIONS[a].from.includes(status));
}

// Each target as the verb of "Não é possível … uma emissão com status X."
const TRANSITION_VERBS: Record<EmissionStatus, string> = {
  pending: 'tornar pendente',
  processing: 'reenviar',
  issued: 'marcar como emitida',
  failed: 'marcar falha em',
  cancelled: 'cancelar',
};

/** 'Não é possível marcar como emitida uma emissão com status Cancelada.' */
export function transitionError(from: string, to: string): string {
  const verb = isEmissionStatus(to) ? TRANSITION_VERBS[to] : 'alterar';
  const status = isEmissionStatus(from) ? EMISSION_STATUS_LABELS[from] : from;
  return `Não é possível ${verb} uma emissão com status ${status}.`;
}

export type TransitionPlan =
  | { ok: true; from: EmissionStatus; to: EmissionStatus; timestamp_field: EmissionTimestampField }
  | { ok: false; message: string };

/** What an action does to an emission in `from`, or why it cannot. */
export function planTransition(from: string, action: EmissionAction): TransitionPlan {
  const def = EMISSION_ACTION_DEFINITIONS[action];
  if (isEmissionStatus(from) && def.from.includes(from)) {
    return { ok: true, from, to: def.to, timestamp_field: def.timestamp_field };
  }
  return { ok: false, message: transitionError(from, def.to) };
}

/** Spec part 2 §8 and §2 "/emissoes/{id}"; the transition texts where the spec is silent. */
export const EMISSION_TEXTS = {
  created: { title: 'Emissão criada', description: 'A emissão foi submetida com sucesso' },
  createError: 'Erro ao criar emissão',
  updateError: 'Erro ao atualizar emissão',
  notFound: 'Emissão não encontrada',
} as const;

// ---------------------------------------------------------------------------------------------
// Lot hints for the wizard (on top of src/domain/lots/allocation.ts)

/** Spec part 2 §9: lots expiring in under 60 days are highlighted. */
export const LOT_EXPIRY_HIGHLIGHT_DAYS = 60;
export const HIGH_CPM_BADGE = 'Alto CPMM';
/** Spec part 2 §5, step 2: the account's lots cannot cover the miles. */
export const NO_ELIGIBLE_LOT_MESSAGE = 'Nenhum lote disponível com milhas suficientes';
export const LOT_UNAVAILABLE_MESSAGE = 'Lote indisponível para esta emissão';

/**
 * 'Alto CPMM': the lot's cost per thousand is above the program rule's cap (both numeric text,
 * compared exactly); never without a cap. Exactly at the cap is within it.
 */
export function isHighCpm(costPerThousand: string, cpmCap: string | null | undefined): boolean {
  if (cpmCap === null || cpmCap === undefined || cpmCap.trim() === '') return false;
  return numericToScaled(costPerThousand) > numericToScaled(cpmCap);
}

/** Expires in under `days` days from today (0 = today, still usable); false without a date or once expired. */
export function expiresWithinDays(
  expiry: string | null,
  today: string,
  days: number = LOT_EXPIRY_HIGHLIGHT_DAYS,
): boolean {
  const left = daysToExpiry(expiry, today);
  return left !== null && left >= 0 && left < days;
}

export interface LotOptionFlags {
  high_cpm: boolean;
  expiring_soon: boolean;
  days_to_expiry: number | null;
}

/** The badges of one row of the wizard's lot list. */
export function lotOptionFlags(
  lot: Pick<CandidateLot, 'cost_per_thousand' | 'expiry_date'>,
  today: string,
  cpmCap: string | null | undefined,
): LotOptionFlags {
  return {
    high_cpm: isHighCpm(lot.cost_per_thousand, cpmCap),
    expiring_soon: expiresWithinDays(lot.expiry_date, today),
    days_to_expiry: daysToExpiry(lot.expiry_date, today),
  };
}

/** The lots a suggestion uses, for "auto-selects the cheapest eligible lot" from step 2 to 3. */
export function suggestionLotIds(s: LotSuggestion): string[] {
  if (s.kind === 'single') return [s.lot.id];
  if (s.kind === 'multiple') return s.allocations.map((a) => a.lot_id);
  return [];
}

/** Miles cost of a suggestion, for the wizard's margin estimate; null when no lot covers the need. */
export function suggestionMilesCostCents(s: LotSuggestion): Cents | null {
  if (s.kind === 'single') return s.allocation.cost_cents;
  if (s.kind === 'multiple') return s.total_cost_cents;
  return null;
}

export type LotChoice =
  | { ok: true; plan: Extract<AllocationPlan, { ok: true }> }
  | { ok: false; reason: 'unavailable'; message: string; lot_ids: string[] }
  | { ok: false; reason: 'insufficient'; message: string; shortage: AllocationShortage };

export interface LotChoiceOptions {
  /** The lots the user chose; [] lets the planner choose among all the account's lots. */
  lot_ids: readonly string[];
  today: string;
  /** The agency's policy for an automatic choice; the user's lots are consumed cheapest first. */
  policy?: AllocationPolicy;
}

/**
 * The plan an emission will be created with. Without a choice: the account's eligible lots by the
 * agency's policy, or NO_ELIGIBLE_LOT_MESSAGE. With a choice: only those lots, each of which must
 * be among the candidates and eligible, consumed cheapest first; a chosen lot the plan does not
 * need is left alone. `candidates` are the lots of the emission's own account (DESIGN.md §2).
 */
export function validateLotChoice(
  candidates: readonly CandidateLot[],
  milesNeeded: number,
  options: LotChoiceOptions,
): LotChoice {
  if (options.lot_ids.length === 0) {
    const plan = planAllocation(candidates, milesNeeded, {
      today: options.today,
      policy: options.policy ?? 'cheapest',
    });
    return plan.ok
      ? { ok: true, plan }
      : { ok: false, reason: 'insufficient', message: NO_ELIGIBLE_LOT_MESSAGE, shortage: plan.shortage };
  }
  const wanted = new Set(options.lot_ids.map((id) => id.toLowerCase()));
  const chosen = candidates.filter((l) => wanted.has(l.id.toLowerCase()));
  const usable = new Set(chosen.filter((l) => isEligibleLot(l, options.today)).map((l) => l.id.toLowerCase()));
  const unavailable = [...wanted].filter((id) => !usable.has(id));
  if (unavailable.length > 0)
    return { ok: false, reason: 'unavailable', message: LOT_UNAVAILABLE_MESSAGE, lot_ids: unavailable };
  const plan = planAllocation(chosen, milesNeeded, { today: options.today, policy: 'cheapest' });
  return plan.ok
    ? { ok: true, plan }
    : {
        ok: false,
        reason: 'insufficient',
        message: SHORTAGE_MESSAGE_PT(plan.shortage.missing),
        shortage: plan.shortage,
      };
}

// ---------------------------------------------------------------------------------------------
// SLA (spec part 2 §9 "SLA statistic")

/** A program rule's default SLA target, and the alert threshold without a rule. */
export const DEFAULT_SLA_TARGET_HOURS = RULE_DEFAULT_SLA_TARGET_HOURS;

const MS_PER_HOUR = 3_600_000;

export type Timestamp = string | Date | null | undefined;

// ISO timestamps and PostgreSQL's text form ("2026-03-05 14:07:00.123+00").
function timestampMs(value: Timestamp): number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  const s = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s)) return null;
  const ms = new Date(s.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).getTime();
  return Number.isNaN(ms) ? null : ms;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Hours from submission to issue, unrounded; null when either is missing. May be ≤ 0 on bad data. */
export function slaHours(submittedAt: Timestamp, issuedAt: Timestamp): number | null {
  const a = timestampMs(submittedAt);
  const b = timestampMs(issuedAt);
  return a === null || b === null ? null : (b - a) / MS_PER_HOUR;
}

/** Above the target alerts; exactly on it does not (spec: "only emissions above it alert"). */
export function isSlaExceeded(hours: number | null, targetHours: number = DEFAULT_SLA_TARGET_HOURS): boolean {
  return hours !== null && hours > targetHours;
}

export interface SlaPair {
  submitted_at: Timestamp;
  issued_at: Timestamp;
}

export interface SlaStats {
  /** Emissions with a positive duration: the others are left out. */
  count: number;
  /** Rounded to 2 places; null when count is 0. */
  average_hours: number | null;
  /** The sorted value at index ⌊0.95 × count⌋ (clamped to the last), rounded to 2 places. */
  p95_hours: number | null;
}

/**
 * Average and P95 of the hours from submission to issue, over positive durations only (spec part
 * 2 §9). Durations are summed in whole milliseconds, and the P95 index is integer arithmetic
 * (⌊95 × count ÷ 100⌋), so no float error moves it.
 */
export function slaStats(pairs: readonly SlaPair[]): SlaStats {
  const durations: number[] = [];
  for (const p of pairs) {
    const a = timestampMs(p.submitted_at);
    const b = timestampMs(p.issued_at);
    if (a !== null && b !== null && b > a) durations.push(b - a);
  }
  const count = durations.length;
  if (count === 0) return slaStatsOf({ count: 0, total_ms: 0, p95_ms: null });
  durations.sort((x, y) => x - y);
  const total = durations.reduce((s, d) => s + d, 0);
  return slaStatsOf({ count, total_ms: total, p95_ms: durations[slaP95Index(count)]! });
}

/** The P95's position in the sorted durations: ⌊95 × count ÷ 100⌋, clamped to the last. */
export const slaP95Index = (count: number) => Math.min(Math.floor((95 * count) / 100), count - 1);

/**
 * The statistic from its aggregate (what the server computes in SQL over whole milliseconds:
 * how many positive durations, their sum, and the one at slaP95Index), rounded as slaStats.
 */
export function slaStatsOf(aggregate: { count: number; total_ms: number; p95_ms: number | null }): SlaStats {
  const { count, total_ms, p95_ms } = aggregate;
  if (count === 0 || p95_ms === null) return { count: 0, average_hours: null, p95_hours: null };
  return { count, average_hours: round2(total_ms / count / MS_PER_HOUR), p95_hours: round2(p95_ms / MS_PER_HOUR) };
}

/** '12,5 h' for tooltips; '—' without a value. */
export function formatHours(hours: number | null): string {
  return hours === null ? '—' : `${formatNumber(Math.round(hours * 10) / 10)} h`;
}
