import { refuse, z } from '../zod';
import { feesCentsSchema, milesUsedSchema, ravCentsSchema } from '../emissions/emission.schema';
import type { Cents } from '../money';

// The price simulator's inputs (spec part 2 §2 "/simulador", §9 "Simulator"). One set of field
// rules for the page and the quotes API (which re-parses what the page sends). Parsing is
// idempotent: the page may send what was typed ("15,5", "1.234,56") or what it already parsed.

/** How the RAV enters the price (spec §9): marked up with the costs, or added on top as the agency's revenue. */
export const RAV_MODES = ['revenue', 'cost'] as const;
export type RavMode = (typeof RAV_MODES)[number];

export const RAV_MODE_LABELS: Record<RavMode, string> = {
  revenue: 'Como receita',
  cost: 'Como custo',
};

/** DESIGN.md §4 "#14 markup": 0 to 1,000 % everywhere (agency settings, simulator, quotes). */
export const MARKUP_MAX_PERCENT = 1000;

/** Spec part 2 §9: markup 15 %, RAV R$ 50, RAV mode revenue, and 15 per thousand without stock. */
export const SIMULATOR_DEFAULTS = {
  markup_percent: '15.00',
  rav_cents: 5000 satisfies Cents,
  rav_mode: 'revenue' satisfies RavMode,
  /** R$ per thousand miles when the agency holds no miles of the programme. */
  fallback_cost_per_thousand: '15.0000',
} as const;

export const SIMULATOR_MESSAGES = {
  markupRequired: 'Informe o markup',
  markupInvalid: 'Markup inválido: informe um número',
  markupNegative: 'O markup não pode ser negativo',
  markupMax: `O markup deve ser no máximo ${MARKUP_MAX_PERCENT}%`,
  markupDecimals: 'Use no máximo 2 casas decimais',
  ravModeInvalid: 'Escolha como a RAV entra no preço: como custo ou como receita',
} as const;

const M = SIMULATOR_MESSAGES;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A percent as typed ("15", "15,5", "15.50") or a number → numeric text with 2 places ("15.50"),
 * exact: no binary floating point between what was typed and the price. No thousands separators
 * ("1.000" would be read as 1): the field's hint says "%".
 */
export const markupPercentSchema = z
  .union([z.string(), z.number()], { error: (iss) => (isBlank(iss.input) ? M.markupRequired : M.markupInvalid) })
  .transform((v, ctx): string => {
    if (isBlank(v)) return refuse(ctx, M.markupRequired);
    const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim().replace(/\s*%$/, '');
    if (/e/i.test(s)) return refuse(ctx, M.markupInvalid);
    const m = /^(-?)(\d+)(?:[.,](\d*))?$/.exec(s);
    if (!m) return refuse(ctx, M.markupInvalid);
    const frac = (m[3] ?? '').replace(/0+$/, '');
    if (m[1] === '-' && /[1-9]/.test(m[2]! + frac)) return refuse(ctx, M.markupNegative);
    if (frac.length > 2) return refuse(ctx, M.markupDecimals);
    const hundredths = BigInt(m[2]! + frac.padEnd(2, '0'));
    if (hundredths > BigInt(MARKUP_MAX_PERCENT * 100)) return refuse(ctx, M.markupMax);
    const digits = hundredths.toString().padStart(3, '0');
    return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  });

export const ravModeSchema = z.enum(RAV_MODES, { error: M.ravModeInvalid });

/** What "Calcular Preço" reads, besides the cost per thousand (the lot's or the stock's). */
export const simulationInputSchema = z.object({
  miles: milesUsedSchema,
  fees_cents: feesCentsSchema,
  rav_cents: ravCentsSchema,
  rav_mode: ravModeSchema,
  markup_percent: markupPercentSchema,
});
export type SimulationFields = z.output<typeof simulationInputSchema>;
/** What the page's form holds before parsing (amounts and miles as typed). */
export type SimulationFormValues = z.input<typeof simulationInputSchema>;
