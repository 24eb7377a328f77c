// Sales of miles (issue #23, docs/decisions/0029-transfers-and-credits.md, "Sales of miles"). A
// sale takes its miles from the account's lots through the allocation engine's planner (the
// agency's policy), as a transfer takes points: lot_withdrawals with the sale, each at its lot's
// cost. Its profit is its price minus that cost. The price is received in instalments; "Recebido"
// posts each as a miles_sale revenue on the day it came, so the cash view counts it once.
// Cancelling gives the miles back to their lots and drops the instalments still to receive.

import { randomUUID } from 'node:crypto';
import { diffFields } from '../../domain/audit/audit.rules';
import { formatCents, formatDate, formatNumber } from '../../domain/format';
import { planAllocation } from '../../domain/lots/allocation';
import { lotStatusAfterAllocation, lotStatusAfterRelease } from '../../domain/lots/lot.rules';
import type { ProgramKey } from '../../domain/programs';
import { programName } from '../../domain/programs';
import { planReceivables, pricePerThousandText, receivableStatus } from '../../domain/sales/sale.rules';
import {
  makeReceiptSchema,
  makeSaleInputSchema,
  SALE_MESSAGES as M,
  type Receivable,
  type ReceivableList,
  type ReceivableListQuery,
  type Sale,
  type SaleList,
  type SaleListQuery,
  type SaleReceivable,
} from '../../domain/sales/sale.schema';
import { costPerThousandOf } from '../../domain/transfers/transfer.rules';
import { accountNotFound } from '../accounts/accounts.errors';
import { recordActivity } from '../activity/activity.queries';
import { getSettings } from '../agency/agency.queries';
import { defaultPayablesPeriod } from '../cards/cards.service';
import type { Db } from '../db/client';
import { withRetry } from '../db/retry';
import { validationError } from '../http/errors';
import { sumDaysByMonth } from '../http/months';
import { paged } from '../http/paged';
import { parseOrThrow } from '../http/validate';
import { getAccounts, lockEligibleLots } from '../transfers/transfers.queries';
import {
  insufficientMiles,
  receivableNotFound,
  receivableNotReceived,
  receivableReceived,
  saleCancelled,
  saleNotFound,
  saleWithReceipts,
} from './sales.errors';
import {
  cancelSaleRows,
  getReceivableRow,
  getReceivablesPage,
  getSaleRow,
  getSalesPage,
  insertSale,
  lockReceivable,
  lockSale,
  reopenReceivable,
  lockSaleLots,
  receiveReceivable,
  type ReceivableRow,
  type SaleReceivableRow,
  type SaleRow,
} from './sales.queries';

/** What the audit log keeps of a new sale. */
const SALE_AUDITED_FIELDS = ['buyer_name', 'miles', 'price_cents', 'cost_cents'] as const;

export interface SaleActor {
  agencyId: string;
  userId: string | null;
  today: string;
}

// ---------------------------------------------------------------------------------------------
// Answers

function toSaleReceivableDto(row: SaleReceivableRow, today: string): SaleReceivable {
  return { ...row, amount_cents: Number(row.amount_cents), status: receivableStatus(row, today) };
}

function toSaleDto(row: SaleRow, today: string): Sale {
  const price = Number(row.price_cents);
  const cost = Number(row.cost_cents);
  const receivables = row.receivables.map((r) => toSaleReceivableDto(r, today));
  return {
    ...row,
    account: { ...row.account, program: row.account.program as ProgramKey },
    status: row.status as Sale['status'],
    price_cents: price,
    cost_cents: cost,
    cost_per_thousand: costPerThousandOf(cost, row.miles),
    profit_cents: price - cost,
    received_cents: receivables.reduce((sum, r) => sum + (r.received_on ? r.amount_cents : 0), 0),
    receivables,
  };
}

function toReceivableDto(row: ReceivableRow, today: string): Receivable {
  return {
    ...toSaleReceivableDto(row, today),
    sale: { ...row.sale, account: { ...row.sale.account, program: row.sale.account.program as ProgramKey } },
  };
}

export async function getSale(db: Db, { agencyId, today }: SaleActor, id: string): Promise<Sale> {
  const row = await getSaleRow(db, { agencyId, id });
  if (!row) throw saleNotFound();
  return toSaleDto(row, today);
}

export async function listSales(db: Db, { agencyId, today }: SaleActor, query: SaleListQuery): Promise<SaleList> {
  const { rows, sums } = await getSalesPage(db, {
    agencyId,
    from: query.from,
    to: query.to,
    status: query.status,
    accountId: query.account_id,
    page: query.page,
    limit: query.limit,
  });
  const price = Number(sums.price);
  const cost = Number(sums.cost);
  return {
    ...paged(
      rows.map((r) => toSaleDto(r, today)),
      sums.total,
      query,
    ),
    totals: {
      sales: sums.sales,
      miles: Number(sums.miles),
      price_cents: price,
      cost_cents: cost,
      profit_cents: price - cost,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * POST /sales. Refused, with nothing written: an account not this agency's (404), more miles than
 * its lots hold that day (409).
 */
export async function createSale(db: Db, actor: SaleActor, body: unknown): Promise<Sale> {
  const input = parseOrThrow(
    makeSaleInputSchema(() => actor.today),
    body,
  );
  const id = randomUUID();
  await withRetry(db, async (tx) => {
    const { agencyId } = actor;
    const [account] = await getAccounts(tx, { agencyId, ids: [input.account_id] });
    if (!account) throw accountNotFound({ account_id: M.accountNotFound });
    const candidates = await lockEligibleLots(tx, { agencyId, accountId: account.id, today: actor.today });
    const settings = await getSettings(tx, { agencyId });
    const plan = planAllocation(candidates, input.miles, {
      policy: settings?.lot_allocation_policy ?? 'cheapest',
      today: actor.today,
    });
    if (!plan.ok) throw insufficientMiles(plan.shortage.available);
    const byId = new Map(candidates.map((c) => [c.id, c]));
    await insertSale(tx, {
      agencyId,
      sale: {
        id,
        account_id: account.id,
        buyer_name: input.buyer_name,
        buyer_document: input.buyer_document,
        buyer_contact: input.buyer_contact,
        miles: input.miles,
        price_per_thousand: pricePerThousandText(input.price_per_thousand_cents),
        price_cents: input.price_cents,
        cost_cents: plan.total_cost_cents,
        sale_date: input.sale_date,
        notes: input.notes,
        created_by: actor.userId,
      },
      take: plan.allocations.map((a) => ({
        lot_id: a.lot_id,
        miles: a.miles,
        status: lotStatusAfterAllocation(byId.get(a.lot_id)!.remaining_quantity - a.miles),
        cost_per_thousand: a.cost_per_thousand,
        cost_cents: a.cost_cents,
      })),
      receivables: planReceivables(input.price_cents, input.instalments, input.first_due_date),
    });
    await recordActivity(tx, {
      agencyId,
      userId: actor.userId,
      kind: 'sale_created',
      description: `Venda de ${formatNumber(input.miles)} milhas ${programName(account.program)} para ${input.buyer_name} por ${formatCents(input.price_cents)}`,
      refType: 'sale',
      refId: id,
      changes: diffFields(null, { ...input, cost_cents: plan.total_cost_cents }, SALE_AUDITED_FIELDS),
    });
  });
  return getSale(db, actor, id);
}

/** "Cancelar venda": the miles go back to their lots; refused once an instalment was received. */
export async function cancelSale(db: Db, actor: SaleActor, id: string): Promise<Sale> {
  await withRetry(db, async (tx) => {
    const { agencyId } = actor;
    const sale = await lockSale(tx, { agencyId, id });
    if (!sale) throw saleNotFound();
    if (sale.status === 'cancelled') throw saleCancelled();
    if (sale.received > 0) throw saleWithReceipts();
    const lots = await lockSaleLots(tx, { agencyId, saleId: id });
    await cancelSaleRows(tx, {
      agencyId,
      id,
      back: lots.map((l) => ({ lot_id: l.id, miles: l.miles, status: lotStatusAfterRelease(l, actor.today) })),
    });
    await recordActivity(tx, {
      agencyId,
      userId: actor.userId,
      kind: 'sale_cancelled',
      description: `Venda de ${formatNumber(sale.miles)} milhas para ${sale.buyer_name} cancelada: as milhas voltaram aos lotes`,
      refType: 'sale',
      refId: id,
      changes: { miles: [sale.miles, 0] },
    });
  });
  return getSale(db, actor, id);
}

// ---------------------------------------------------------------------------------------------
// Receivables

export async function listReceivables(
  db: Db,
  { agencyId, today }: SaleActor,
  query: ReceivableListQuery,
): Promise<ReceivableList> {
  // One sale's instalments: all of them unless a period is asked.
  const period =
    query.sale_id && !query.from && !query.to ? { from: '0001-01-01', to: '9999-12-31' } : defaultPayablesPeriod(today);
  const from = query.from ?? period.from;
  const to = query.to ?? (query.from ? defaultPayablesPeriod(from).to : period.to);
  if (to < from) throw validationError({ to: M.periodInvalid });
  const { rows, days, overdue } = await getReceivablesPage(db, {
    agencyId,
    today,
    from,
    to,
    status: query.status,
    saleId: query.sale_id,
    page: query.page,
    limit: query.limit,
  });
  const months = sumDaysByMonth(days, ['pending_cents', 'overdue_cents', 'received_cents']);
  return {
    ...paged(
      rows.map((r) => toReceivableDto(r, today)),
      months.reduce((sum, m) => sum + m.count, 0),
      query,
    ),
    from,
    to,
    months,
    overdue: { cents: Number(overdue.cents), count: overdue.count },
  };
}

/** "Recebido": the instalment reaches cash on the day received (today when blank). */
export async function receiveInstalment(db: Db, actor: SaleActor, id: string, body: unknown): Promise<Receivable> {
  const input = parseOrThrow(
    makeReceiptSchema(() => actor.today),
    body ?? {},
  );
  await withRetry(db, async (tx) => {
    const receivable = await lockReceivable(tx, { agencyId: actor.agencyId, id });
    if (!receivable) throw receivableNotFound();
    if (receivable.received_on !== null) throw receivableReceived();
    const day = input.received_on ?? actor.today;
    if (day < receivable.sale_date) throw validationError({ received_on: M.receivedBeforeSale });
    const description = `Venda de milhas para ${receivable.buyer_name}: parcela ${receivable.instalment}/${receivable.instalments} (venda de ${formatDate(receivable.sale_date)})`;
    await receiveReceivable(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      id,
      entryId: randomUUID(),
      day,
      method: input.payment_method,
      description,
    });
    await recordActivity(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      kind: 'sale_instalment_received',
      description,
      refType: 'sale',
      refId: receivable.sale_id,
      changes: { received_on: [null, day], amount_cents: [null, Number(receivable.amount_cents)] },
    });
  });
  return receivableDto(db, actor, id);
}

async function receivableDto(db: Db, actor: SaleActor, id: string): Promise<Receivable> {
  const row = await getReceivableRow(db, { agencyId: actor.agencyId, id });
  if (!row) throw receivableNotFound();
  return toReceivableDto(row, actor.today);
}

/**
 * "Desfazer recebimento": an instalment marked received by mistake is to receive again, and the
 * "Venda de milhas" revenue it posted is deleted (it follows its instalment: decision 0029).
 */
export async function undoReceipt(db: Db, actor: SaleActor, id: string): Promise<Receivable> {
  await withRetry(db, async (tx) => {
    const receivable = await lockReceivable(tx, { agencyId: actor.agencyId, id });
    if (!receivable) throw receivableNotFound();
    if (receivable.received_on === null) throw receivableNotReceived();
    await reopenReceivable(tx, { agencyId: actor.agencyId, id, entryId: receivable.entry_id });
    await recordActivity(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      kind: 'sale_instalment_reopened',
      description: `Recebimento desfeito: venda de milhas para ${receivable.buyer_name}, parcela ${receivable.instalment}/${receivable.instalments} (venda de ${formatDate(receivable.sale_date)})`,
      refType: 'sale',
      refId: receivable.sale_id,
      changes: { received_on: [receivable.received_on, null], amount_cents: [Number(receivable.amount_cents), null] },
    });
  });
  return receivableDto(db, actor, id);
}
