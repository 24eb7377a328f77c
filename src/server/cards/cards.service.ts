// Cards and purchases in instalments (issue #23, docs/decisions/0029-transfers-and-credits.md,
// "Cards"). A lot bought on a card has no purchase posting when bought: its cost becomes N
// payables on the card's bill due dates, split to the centavo, and each reaches cash when
// "Marcar como pago" posts it — so the cash view counts each instalment once, on the day paid,
// and the accrual view still counts the miles only as emissions use them (decision 0019).

import { randomUUID } from 'node:crypto';
import { cardDueDates, payableStatus, splitInstalments } from '../../domain/cards/card.rules';
import {
  CARD_MESSAGES as M,
  makePayablePaymentSchema,
  PAYABLES_MONTHS,
  type Card,
  type CardInput,
  type LotPayment,
  type Payable,
  type PayableList,
  type PayableListQuery,
} from '../../domain/cards/card.schema';
import { addDaysIso, addMonthsIso, formatDate } from '../../domain/format';
import { LOT_MIN_DATE } from '../../domain/lots/lot.schema';
import type { ProgramKey } from '../../domain/programs';
import { recordActivity } from '../activity/activity.queries';
import type { Db } from '../db/client';
import { withRetry } from '../db/retry';
import { validationError } from '../http/errors';
import { paged } from '../http/paged';
import { sumDaysByMonth } from '../http/months';
import { parseOrThrow } from '../http/validate';
import { cardNotFound, payableAlreadyPaid, payableNotFound, payableNotPaid } from './cards.errors';
import {
  getCardCalendar,
  getCards,
  getLotPayables,
  getPayableRow,
  getPayablesPage,
  insertCard,
  insertPayables,
  lockPayable,
  payPayable,
  reopenPayable,
  type CardRow,
  type PayableRow,
} from './cards.queries';

export interface CardActor {
  agencyId: string;
  userId: string | null;
  today: string;
}

function toCardDto(row: CardRow): Card {
  return {
    ...row,
    brand: row.brand as Card['brand'],
    limit_cents: row.limit_cents === null ? null : Number(row.limit_cents),
    open_cents: Number(row.open_cents),
  };
}

function toPayableDto(row: PayableRow, today: string): Payable {
  return {
    ...row,
    card: { ...row.card, brand: row.card.brand as Card['brand'] },
    lot: { ...row.lot, program: row.lot.program as ProgramKey },
    amount_cents: Number(row.amount_cents),
    status: payableStatus(row, today),
  };
}

export async function listCards(db: Db, agencyId: string): Promise<Card[]> {
  return (await getCards(db, agencyId)).map(toCardDto);
}

export async function createCard(db: Db, actor: CardActor, input: CardInput): Promise<Card> {
  const id = randomUUID();
  await insertCard(db, { agencyId: actor.agencyId, userId: actor.userId, card: { id, ...input } });
  await recordActivity(db, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    kind: 'card_created',
    description: `Cartão ${input.name} cadastrado (fecha dia ${input.closing_day}, vence dia ${input.due_day})`,
    refType: 'card',
    refId: id,
  });
  const [row] = await getCards(db, actor.agencyId, id);
  return toCardDto(row!);
}

/**
 * A new lot's payment on a card, in the caller's transaction (createLot): its instalments on the
 * card's bill due dates for a purchase on `purchaseDate`, adding up to `totalCents`. 404 for a card
 * not this agency's.
 */
export async function payLotByCard(
  db: Db,
  params: { agencyId: string; lotId: string; payment: LotPayment; purchaseDate: string; totalCents: number },
): Promise<void> {
  const { payment } = params;
  if (payment.card_id === null || payment.instalments === null) return;
  const card = await getCardCalendar(db, { agencyId: params.agencyId, id: payment.card_id });
  if (!card) throw cardNotFound({ card_id: M.cardNotFound });
  const dates = cardDueDates(card, params.purchaseDate, payment.instalments);
  const amounts = splitInstalments(params.totalCents, payment.instalments);
  await insertPayables(db, {
    agencyId: params.agencyId,
    cardId: card.id,
    lotId: params.lotId,
    payables: dates.map((due_date, k) => ({ instalment: k + 1, amount_cents: amounts[k]!, due_date })),
  });
}

/** Whether a lot was bought on a card (its cost is its instalments'), and whether any is paid. */
export async function lotCardPurchase(db: Db, agencyId: string, lotId: string) {
  const [row] = await getLotPayables(db, { agencyId, lotIds: [lotId] });
  return row ? { instalments: row.instalments, paid: row.paid } : null;
}

/** The lots among `ids` with an instalment paid: they cannot be deleted (the cash went out). */
export async function lotsWithPaidInstalments(db: Db, agencyId: string, ids: string[]): Promise<string[]> {
  return (await getLotPayables(db, { agencyId, lotIds: ids })).filter((r) => r.paid > 0).map((r) => r.lot_id);
}

/** Every due date a lot's instalments can have. */
const WHOLE_PERIOD = { from: LOT_MIN_DATE, to: '9999-12-31' };

/** This month's first day and the last day PAYABLES_MONTHS months on: /financeiro's default. */
export function defaultPayablesPeriod(today: string): { from: string; to: string } {
  const from = `${today.slice(0, 7)}-01`;
  return { from, to: addDaysIso(addMonthsIso(from, PAYABLES_MONTHS)!, -1)! };
}

export async function listPayables(
  db: Db,
  { agencyId, today }: CardActor,
  query: PayableListQuery,
): Promise<PayableList> {
  // A lot's instalments: all of them unless a period is asked (at most 24 months of bills).
  const period = query.lot_id && !query.from && !query.to ? WHOLE_PERIOD : defaultPayablesPeriod(today);
  const from = query.from ?? period.from;
  const to = query.to ?? (query.from ? addDaysIso(addMonthsIso(from, PAYABLES_MONTHS)!, -1)! : period.to);
  if (to < from) throw validationError({ to: M.periodInvalid });
  const { rows, days, overdue } = await getPayablesPage(db, {
    agencyId,
    today,
    from,
    to,
    status: query.status,
    cardId: query.card_id,
    lotId: query.lot_id,
    page: query.page,
    limit: query.limit,
  });
  const months = sumDaysByMonth(days, ['pending_cents', 'overdue_cents', 'paid_cents']);
  const total = months.reduce((sum, m) => sum + m.count, 0);
  return {
    ...paged(
      rows.map((r) => toPayableDto(r, today)),
      total,
      query,
    ),
    from,
    to,
    months,
    overdue: { cents: Number(overdue.cents), count: overdue.count },
  };
}

/** "Marcar como pago": the instalment reaches cash on the day paid (today when blank). */
export async function payInstalment(db: Db, actor: CardActor, id: string, body: unknown): Promise<Payable> {
  const input = parseOrThrow(
    makePayablePaymentSchema(() => actor.today),
    body ?? {},
  );
  await withRetry(db, async (tx) => {
    const payable = await lockPayable(tx, { agencyId: actor.agencyId, id });
    if (!payable) throw payableNotFound();
    if (payable.paid_on !== null) throw payableAlreadyPaid();
    const day = input.paid_on ?? actor.today;
    const description = `Parcela ${payable.instalment}/${payable.instalments} do cartão ${payable.card_name} (vencimento ${formatDate(payable.due_date)})`;
    await payPayable(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      id,
      entryId: randomUUID(),
      day,
      description,
    });
    await recordActivity(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      kind: 'card_instalment_paid',
      description,
      refType: 'lot',
      refId: payable.lot_id,
    });
  });
  return payableDto(db, actor, id);
}

async function payableDto(db: Db, actor: CardActor, id: string): Promise<Payable> {
  const row = await getPayableRow(db, { agencyId: actor.agencyId, id });
  if (!row) throw payableNotFound();
  return toPayableDto(row, actor.today);
}

/**
 * "Desfazer pagamento": an instalment marked paid by mistake is to pay again, and the cash expense
 * it posted is deleted (it follows its instalment, as a sale's receipt does: decision 0029).
 */
export async function undoPayment(db: Db, actor: CardActor, id: string): Promise<Payable> {
  await withRetry(db, async (tx) => {
    const payable = await lockPayable(tx, { agencyId: actor.agencyId, id });
    if (!payable) throw payableNotFound();
    if (payable.paid_on === null) throw payableNotPaid();
    await reopenPayable(tx, { agencyId: actor.agencyId, id, entryId: payable.entry_id });
    await recordActivity(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      kind: 'card_instalment_reopened',
      description: `Pagamento desfeito: parcela ${payable.instalment}/${payable.instalments} do cartão ${payable.card_name} (vencimento ${formatDate(payable.due_date)})`,
      refType: 'lot',
      refId: payable.lot_id,
      changes: { paid_on: [payable.paid_on, null], amount_cents: [Number(payable.amount_cents), null] },
    });
  });
  return payableDto(db, actor, id);
}
