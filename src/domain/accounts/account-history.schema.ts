import { z } from '../zod';
import { PROGRAM_KEYS } from '../programs';
import { limitParamSchema, pageParamSchema } from '../query.schema';
import { centsSchema, dateSchema, idSchema, pagedSchema, timestampSchema } from '../response.schema';

// Each account's history (issue #23): every movement of its miles, newest first, and its balance
// beside a recount of that history.

export const ACCOUNT_HISTORY_PAGE_SIZE = 25;
export const ACCOUNT_HISTORY_MAX_PAGE_SIZE = 100;

export const MOVEMENT_KINDS = [
  'purchase',
  'transfer_in',
  'bonus_in',
  'club_in',
  'transfer_out',
  'sale',
  'sale_cancellation',
  'emission',
  'cancellation',
  'expiry',
  'to_come',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  purchase: 'Compra',
  transfer_in: 'Transferência recebida',
  bonus_in: 'Bônus de transferência',
  club_in: 'Clube',
  transfer_out: 'Transferência enviada',
  sale: 'Venda de milhas',
  sale_cancellation: 'Venda cancelada',
  emission: 'Emissão',
  cancellation: 'Cancelamento',
  expiry: 'Vencimento',
  to_come: 'A creditar',
};

export const accountHistoryQuerySchema = z.object({
  page: pageParamSchema,
  limit: limitParamSchema(ACCOUNT_HISTORY_PAGE_SIZE, ACCOUNT_HISTORY_MAX_PAGE_SIZE),
});
export type AccountHistoryQuery = z.infer<typeof accountHistoryQuerySchema>;

export const movementSchema = z.object({
  kind: z.enum(MOVEMENT_KINDS),
  /** The day it happened (or, still to come, the day it is due), in the agency's calendar. */
  day: dateSchema,
  at: timestampSchema,
  /** Miles in (positive) or out (negative); a credit still to come counts in no balance. */
  miles: z.number().int(),
  /** What those miles cost (centavos, always positive). */
  cost_cents: centsSchema,
  /** What it is: a lot's supplier, an emission's PNR and route, a transfer's other programme, a sale's buyer. */
  detail: z.string(),
  /** The emission's or sale's status, or 'pending' for a credit still to come; null otherwise. */
  status: z.string().nullable(),
  ref_type: z.enum(['lot', 'emission', 'transfer', 'credit', 'sale']),
  ref_id: idSchema,
});
export type Movement = z.infer<typeof movementSchema>;

export const accountHistorySchema = pagedSchema(movementSchema).extend({
  account: z.object({
    id: idSchema,
    program: z.enum(PROGRAM_KEYS),
    account_number: z.string(),
    nickname: z.string().nullable(),
    client_id: idSchema.nullable(),
    holder_name: z.string().nullable(),
  }),
  /** Miles in the account's lots that have not expired (available, reserved or used up). */
  balance_miles: z.number().int(),
  /** Σ of every movement but those still to come: equal to balance_miles. */
  recount_miles: z.number().int(),
  /** Of the balance, what an emission can draw from today (available lots not past their day). */
  available_miles: z.number().int(),
  to_come_miles: z.number().int(),
  /** R$ per thousand of the available miles, weighted by them; null without any. */
  average_cost_per_thousand: z.string().nullable(),
});
export type AccountHistory = z.infer<typeof accountHistorySchema>;
