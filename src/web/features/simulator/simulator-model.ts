import type { AccountLot } from '@domain/accounts/account.schema';
import type { Settings } from '@domain/agency/agency.schema';
import { isEligibleLot } from '@domain/lots/allocation';
import { centsToInput } from '@domain/money';
import type { ProgramKey } from '@domain/programs';
import { makeQuoteInputSchema, QUOTE_DEFAULT_VALIDITY_HOURS, type QuoteFormValues } from '@domain/quotes/quote.schema';
import type { Rule } from '@domain/rules/rule.schema';
import {
  simulate,
  simulationCostBasis,
  type CostSource,
  type Simulation,
  type StockScope,
} from '@domain/simulator/simulator.rules';
import { SIMULATOR_DEFAULTS, simulationInputSchema, type RavMode } from '@domain/simulator/simulator.schema';

// The simulator's live figures, computed with the domain's simulate() from what is typed and from
// the stock as the API gives it (the server saves a quote from the same inputs the same way).

/** What the page's form holds, as typed. */
export interface SimulatorValues {
  program: ProgramKey;
  account_id: string;
  lot_id: string;
  miles: string;
  fees_cents: string;
  rav_mode: RavMode;
  markup_percent: string;
  rav_cents: string;
  route: string;
  departure_date: string;
  return_date: string;
  /** One name per line. */
  passengers: string;
  validity_hours: string;
  notes: string;
}

/** A programme's available stock (GET /lots/average-cost). */
export interface ProgramStock {
  available_miles: number;
  average_cost_per_thousand: string | null;
}

/** "15" or "12,5": a settings percent as the field shows it. */
export function percentInput(percent: number): string {
  return String(percent).replace('.', ',');
}

/** The RAV a programme starts with: its rule's default RAV, else the spec's R$ 50 (part 2 §9). */
export function defaultRavCents(rule: Pick<Rule, 'default_rav_cents'> | undefined): number {
  return rule ? rule.default_rav_cents : SIMULATOR_DEFAULTS.rav_cents;
}

/** The programme to start with: the one with most miles in stock, else LATAM. */
export function defaultProgram(stock: ReadonlyMap<ProgramKey, ProgramStock> | undefined): ProgramKey {
  let best: ProgramKey = 'LATAM';
  let most = 0;
  for (const [program, row] of stock ?? []) {
    if (row.available_miles > most) {
      most = row.available_miles;
      best = program;
    }
  }
  return best;
}

export function simulatorDefaults(
  program: ProgramKey,
  settings: Pick<Settings, 'default_markup_percent'> | undefined,
  rules: readonly Rule[],
): SimulatorValues {
  return {
    program,
    account_id: '',
    lot_id: '',
    miles: '',
    fees_cents: '',
    rav_mode: SIMULATOR_DEFAULTS.rav_mode,
    markup_percent: settings ? percentInput(settings.default_markup_percent) : '15',
    rav_cents: centsToInput(defaultRavCents(rules.find((r) => r.program === program))),
    route: '',
    departure_date: '',
    return_date: '',
    passengers: '',
    validity_hours: String(QUOTE_DEFAULT_VALIDITY_HOURS),
    notes: '',
  };
}

/** Where the lots and stock stand for the chosen programme, account and lot. */
export interface SimulatorStock {
  program: ProgramStock | undefined;
  /** The chosen account's lots (GET /accounts/:id/lots); undefined without an account or while loading. */
  lots: readonly AccountLot[] | undefined;
  /** The day the lots were read on (the server's). */
  today: string;
}

export interface CostBasis {
  cost_per_thousand: string;
  cost_source: CostSource;
  /** Null: not known yet (the account's lots are loading). */
  available_miles: number | null;
  stock_scope: StockScope;
  lot: AccountLot | null;
}

/** The lots of the account a simulation may use: available, unexpired, with miles (the planner's rule). */
export function eligibleLots(lots: readonly AccountLot[] | undefined, today: string): AccountLot[] {
  return (lots ?? []).filter((lot) => isEligibleLot(lot, today));
}

/**
 * The lot's cost per thousand; without one, the programme's stock average (weighted by miles), or
 * 15 when the agency has none of it. The miles that count for the shortage warning are the lot's,
 * else the account's, else the programme's: where the emission would draw them.
 */
export function costBasis(values: Pick<SimulatorValues, 'account_id' | 'lot_id'>, stock: SimulatorStock): CostBasis {
  const eligible = eligibleLots(stock.lots, stock.today);
  const lot = values.lot_id ? (eligible.find((l) => l.id === values.lot_id) ?? null) : null;
  if (lot) {
    return {
      ...simulationCostBasis(lot.cost_per_thousand, null),
      available_miles: lot.remaining_quantity,
      stock_scope: 'lot',
      lot,
    };
  }
  const basis = simulationCostBasis(null, stock.program?.average_cost_per_thousand ?? null);
  if (values.account_id) {
    return {
      ...basis,
      available_miles: stock.lots ? eligible.reduce((sum, l) => sum + l.remaining_quantity, 0) : null,
      stock_scope: 'account',
      lot: null,
    };
  }
  return { ...basis, available_miles: stock.program?.available_miles ?? 0, stock_scope: 'program', lot: null };
}

/** The simulation's field messages for what is typed now; {} when it reads. */
export function simulationErrors(values: SimulatorValues): Record<string, string> {
  const result = simulationInputSchema.safeParse(values);
  if (result.success) return {};
  return fieldMessages(result.error.issues);
}

function fieldMessages(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.').split('.')[0] ?? '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The figures and warnings for what is typed; null while a field does not read. */
export function runSimulation(
  values: SimulatorValues,
  stock: SimulatorStock,
  rule: Pick<Rule, 'min_margin_cents' | 'min_margin_percent' | 'cpm_cap'> | null,
): (Simulation & { basis: CostBasis }) | null {
  const parsed = simulationInputSchema.safeParse(values);
  if (!parsed.success) return null;
  const basis = costBasis(values, stock);
  const departure = /^\d{4}-\d{2}-\d{2}$/.test(values.departure_date) ? values.departure_date : null;
  try {
    const simulation = simulate(
      { ...parsed.data, cost_per_thousand: basis.cost_per_thousand },
      {
        program: values.program,
        rule,
        cost_source: basis.cost_source,
        available_miles: basis.available_miles,
        stock_scope: basis.stock_scope,
        lot_expiry_date: basis.lot?.expiry_date ?? null,
        departure_date: departure,
      },
    );
    return { ...simulation, basis };
  } catch {
    return null;
  }
}

/** POST /quotes's body from the form and the chosen client. */
export function quoteBody(values: SimulatorValues, clientId: string | null): QuoteFormValues {
  return {
    program: values.program,
    client_id: clientId,
    account_id: values.account_id || null,
    lot_id: values.lot_id || null,
    miles: values.miles,
    fees_cents: values.fees_cents,
    rav_cents: values.rav_cents,
    rav_mode: values.rav_mode,
    markup_percent: values.markup_percent,
    route: values.route,
    departure_date: values.departure_date,
    return_date: values.return_date,
    passengers: values.passengers.split('\n'),
    validity_hours: values.validity_hours,
    notes: values.notes,
  };
}

/** The whole quote's field messages (what "Salvar Cotação" checks before sending), against `today`. */
export function quoteErrors(values: SimulatorValues, clientId: string | null, today: string): Record<string, string> {
  const result = makeQuoteInputSchema(() => today).safeParse(quoteBody(values, clientId));
  return result.success ? {} : fieldMessages(result.error.issues);
}
