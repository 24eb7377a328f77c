import { marginPercent, isHighCpm, minimumMarginAlert, type MarginRule } from '../emissions/emission.rules';
import { formatCents, formatDate, formatNumber } from '../format';
import { NO_LOTS_MESSAGE } from '../lots/allocation';
import { milesCostCents, numericToScaled, scaledToNumeric } from '../lots/lot.rules';
import { divRoundHalfAwayFromZero, type Cents } from '../money';
import { programName } from '../programs';
import { SIMULATOR_DEFAULTS, type RavMode } from './simulator.schema';

// The price simulator (spec part 2 §9 "Simulator"), in exact integer centavos:
//
//   cost of miles = miles ÷ 1000 × cost per thousand (CPM)
//   base          = cost of miles + fees
//   RAV as cost:    price = (base + RAV) × (1 + markup ÷ 100)      costs = base + RAV
//   RAV as revenue: price = base × (1 + markup ÷ 100) + RAV        costs = base
//   margin        = price − costs;   margin % = margin ÷ price × 100
//
// Rounding: half away from zero, once per amount that comes from a product, never on a rounded
// intermediate of that product. The cost of miles is rounded to the centavo from miles × CPM (as an
// emission's allocation is: milesCostCents); the markup is rounded to the centavo from
// (what it applies to) × percent; the price is then the exact sum of those amounts, so the
// result panel adds up to the centavo; margin % is rounded to 2 places from margin ÷ price
// (marginPercent). No binary floating point touches money.

export interface SimulationInput {
  miles: number;
  /** R$ per thousand miles, exact numeric text ("15.5000"): the lot's, the stock's average or the fallback. */
  cost_per_thousand: string;
  fees_cents: Cents;
  rav_cents: Cents;
  rav_mode: RavMode;
  /** Numeric text with 2 places, "15.00" (markupPercentSchema). */
  markup_percent: string;
}

export interface SimulationFigures {
  miles_cost_cents: Cents;
  fees_cents: Cents;
  rav_cents: Cents;
  /** Cost of miles + fees. */
  base_cents: Cents;
  /** What the markup applies to: base + RAV as cost, base as revenue. */
  markup_base_cents: Cents;
  markup_cents: Cents;
  /** The suggested sale price. */
  price_cents: Cents;
  /** Cost of miles + fees, and the RAV when it is a cost. */
  total_cost_cents: Cents;
  /** Price − costs: the markup, plus the RAV when it is revenue. */
  margin_cents: Cents;
  /** Margin ÷ price × 100, 2 places; 0 without a price. */
  margin_percent: number;
}

/** Where the cost per thousand came from: the chosen lot, the programme's stock, or the spec's fallback. */
export const COST_SOURCES = ['lot', 'average', 'fallback'] as const;
export type CostSource = (typeof COST_SOURCES)[number];

export const COST_SOURCE_LABELS: Record<CostSource, string> = {
  lot: 'CPM do lote',
  average: 'Custo médio do estoque',
  fallback: 'CPM padrão (sem estoque)',
};

/** Which miles the "not enough miles" warning counts: the chosen lot's, the account's or the programme's. */
export type StockScope = 'lot' | 'account' | 'program';

export interface SimulationContext {
  program?: string;
  /** The programme's rule (or the defaults): minimum margin and CPM cap. Null or absent: the defaults. */
  rule?: (MarginRule & { cpm_cap: string | null }) | null;
  cost_source?: CostSource;
  /** Miles available in `stock_scope`; absent or null: not known, no warning. */
  available_miles?: number | null;
  stock_scope?: StockScope;
  /** The chosen lot's expiry (null: it does not expire). */
  lot_expiry_date?: string | null;
  /** yyyy-MM-dd. */
  departure_date?: string | null;
}

export const SIMULATION_WARNING_CODES = [
  'margin_below_minimum',
  'cpm_above_cap',
  'insufficient_miles',
  'lot_expires_before_departure',
  'no_stock',
] as const;
export type SimulationWarningCode = (typeof SIMULATION_WARNING_CODES)[number];

export interface SimulationWarning {
  code: SimulationWarningCode;
  /** destructive: the spec's margin alert; warning: worth a look before selling; info: how the cost was read. */
  severity: 'destructive' | 'warning' | 'info';
  message: string;
}

export interface Simulation extends SimulationFigures {
  cost_per_thousand: string;
  warnings: SimulationWarning[];
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} deve ser um inteiro não negativo de centavos: ${String(value)}`);
  }
}

function toSafe(value: bigint): Cents {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('Valor fora do intervalo seguro');
  return Number(value);
}

/** The figures of spec part 2 §9 for one set of inputs. Throws a RangeError on inputs no schema lets through. */
export function simulationFigures(input: SimulationInput): SimulationFigures {
  if (!Number.isSafeInteger(input.miles) || input.miles <= 0) {
    throw new RangeError(`Milhas devem ser um inteiro positivo: ${String(input.miles)}`);
  }
  assertCents(input.fees_cents, 'Taxas');
  assertCents(input.rav_cents, 'RAV');
  const markupHundredths = numericToScaled(input.markup_percent, 2);
  if (markupHundredths < 0n) throw new RangeError(`Markup negativo: ${input.markup_percent}`);
  if (numericToScaled(input.cost_per_thousand) < 0n) throw new RangeError('CPM negativo');

  const miles_cost_cents = milesCostCents(input.miles, input.cost_per_thousand);
  const base = BigInt(miles_cost_cents) + BigInt(input.fees_cents);
  const rav = BigInt(input.rav_cents);
  const ravIsCost = input.rav_mode === 'cost';
  const markupBase = ravIsCost ? base + rav : base;
  // markup percent in hundredths: × hundredths ÷ 10 000.
  const markup = divRoundHalfAwayFromZero(markupBase * markupHundredths, 10_000n);
  const price = markupBase + markup + (ravIsCost ? 0n : rav);
  const totalCost = ravIsCost ? base + rav : base;
  const margin = price - totalCost;
  const price_cents = toSafe(price);
  const margin_cents = toSafe(margin);
  return {
    miles_cost_cents,
    fees_cents: input.fees_cents,
    rav_cents: input.rav_cents,
    base_cents: toSafe(base),
    markup_base_cents: toSafe(markupBase),
    markup_cents: toSafe(markup),
    price_cents,
    total_cost_cents: toSafe(totalCost),
    margin_cents,
    margin_percent: marginPercent(margin_cents, price_cents),
  };
}

/**
 * The cost per thousand a simulation uses: the chosen lot's; else the average of the programme's
 * available stock; else, only when the agency holds none of it, the spec's 15 (part 2 §9).
 */
export function simulationCostBasis(
  lotCostPerThousand: string | null | undefined,
  stockAverage: string | null | undefined,
): { cost_per_thousand: string; cost_source: CostSource } {
  if (lotCostPerThousand) return { cost_per_thousand: canonicalCpm(lotCostPerThousand), cost_source: 'lot' };
  if (stockAverage) return { cost_per_thousand: canonicalCpm(stockAverage), cost_source: 'average' };
  return { cost_per_thousand: SIMULATOR_DEFAULTS.fallback_cost_per_thousand, cost_source: 'fallback' };
}

const canonicalCpm = (text: string) => scaledToNumeric(numericToScaled(text));

const cpmText = (text: string) => formatCents(divRoundHalfAwayFromZero(numericToScaled(text), 100n));

/**
 * What a seller should know before quoting (issue #19): the programme rule's minimum margin (the
 * spec's 'Margem estimada (x%) está abaixo do mínimo recomendado (y%).'), a cost per thousand above
 * the rule's cap ('Alto CPMM'), not enough miles where the emission would draw them, a lot that
 * expires before the flight, and the fallback cost when there is no stock.
 */
export function simulationWarnings(
  figures: SimulationFigures,
  input: Pick<SimulationInput, 'miles' | 'cost_per_thousand'>,
  context: SimulationContext = {},
): SimulationWarning[] {
  const warnings: SimulationWarning[] = [];
  const margin = minimumMarginAlert(figures, context.rule ?? null);
  if (margin) warnings.push({ code: 'margin_below_minimum', severity: 'destructive', message: margin });

  const cap = context.rule?.cpm_cap ?? null;
  if (context.cost_source !== 'fallback' && isHighCpm(input.cost_per_thousand, cap)) {
    warnings.push({
      code: 'cpm_above_cap',
      severity: 'warning',
      message: `Alto CPMM: o custo por milheiro (${cpmText(input.cost_per_thousand)}) está acima do teto do programa (${cpmText(cap!)}).`,
    });
  }

  const available = context.available_miles;
  if (context.cost_source === 'fallback') {
    const name = context.program ? programName(context.program) : 'este programa';
    warnings.push({
      code: 'no_stock',
      severity: 'info',
      message: `Sem estoque de ${name}: usando o custo padrão de ${cpmText(SIMULATOR_DEFAULTS.fallback_cost_per_thousand)} por milheiro.`,
    });
  } else if (available !== undefined && available !== null && available < input.miles) {
    const missing = input.miles - available;
    const message =
      context.stock_scope === 'lot'
        ? `O lote escolhido tem ${formatNumber(available)} milhas disponíveis; faltam ${formatNumber(missing)}.`
        : context.stock_scope === 'account'
          ? `A conta escolhida tem ${formatNumber(available)} milhas disponíveis; faltam ${formatNumber(missing)}.`
          : NO_LOTS_MESSAGE(input.miles);
    warnings.push({ code: 'insufficient_miles', severity: 'warning', message });
  }

  const expiry = context.lot_expiry_date ?? null;
  const departure = context.departure_date ?? null;
  if (expiry !== null && departure !== null && expiry < departure) {
    warnings.push({
      code: 'lot_expires_before_departure',
      severity: 'warning',
      message: `O lote vence em ${formatDate(expiry)}, antes do embarque em ${formatDate(departure)}: emita antes do vencimento.`,
    });
  }
  return warnings;
}

/** The whole simulation: figures and warnings (spec part 2 §9, issue #19). */
export function simulate(input: SimulationInput, context: SimulationContext = {}): Simulation {
  const figures = simulationFigures(input);
  return {
    ...figures,
    cost_per_thousand: canonicalCpm(input.cost_per_thousand),
    warnings: simulationWarnings(figures, input, context),
  };
}
