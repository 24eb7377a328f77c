// Transfers of points with bonus and credits still to come (issue #23,
// docs/decisions/0029-transfers-and-credits.md). A transfer takes its points from the source
// account's lots through the allocation engine's planner (with the agency's policy), spreads their
// cost plus the extra cost over the miles it is to credit, and records the credits; those whose day
// has come become lots at once, the others when the daily credits.due job (or a person) credits
// them. Nothing here posts the points' cost again: it was paid when the points were bought.

import { randomUUID } from 'node:crypto';
import { formatDate, formatNumber } from '../../domain/format';
import { planAllocation } from '../../domain/lots/allocation';
import { lotStatusAfterAllocation } from '../../domain/lots/lot.rules';
import { AIRLINE_PROGRAM_KEYS, isPointsProgram, POINTS_PROGRAM_KEYS, programName } from '../../domain/programs';
import {
  cancelledCostDestination,
  costPerThousandOf,
  costPerThousandWithAddedCost,
  splitTransferCost,
  transferQuantities,
} from '../../domain/transfers/transfer.rules';
import {
  DEFAULT_RATIO,
  makeCreditReceiptSchema,
  makeTransferInputSchema,
  TRANSFER_MESSAGES as M,
  type Conversion,
  type ConversionInput,
  type Credit,
  type CreditList,
  type CreditListQuery,
  type Transfer,
  type TransferList,
} from '../../domain/transfers/transfer.schema';
import type { ProgramKey } from '../../domain/programs';
import { accountNotFound } from '../accounts/accounts.errors';
import { recordActivity } from '../activity/activity.queries';
import { getSettings } from '../agency/agency.queries';
import type { Db } from '../db/client';
import { withRetry } from '../db/retry';
import { validationError } from '../http/errors';
import { paged } from '../http/paged';
import { parseOrThrow } from '../http/validate';
import { creditNotFound, creditNotPending, insufficientPoints, transferNotFound } from './transfers.errors';
import {
  addCreditCost,
  addLotCost,
  addTransferLoss,
  getAccounts,
  getConversionRatio,
  getConversions,
  getCreditRows,
  getCreditsPage,
  getTransferRow,
  getTransfersPage,
  insertTransfer,
  lockCreditWithSiblings,
  lockEligibleLots,
  lockLotForCost,
  lockPendingCredits,
  markCreditCancelled,
  upsertConversion,
  creditPendingCredits,
  type CreditRow,
  type TransferRow,
} from './transfers.queries';

export interface Actor {
  agencyId: string;
  userId: string | null;
}

// ---------------------------------------------------------------------------------------------
// Answers

export function toCreditDto(row: CreditRow): Credit {
  const cost = Number(row.cost_cents);
  const quantity = row.quantity ?? row.expected_quantity;
  return {
    ...row,
    kind: row.kind as Credit['kind'],
    status: row.status as Credit['status'],
    account: { ...row.account, program: row.account.program as ProgramKey },
    from_program: row.from_program as ProgramKey | null,
    cost_cents: cost,
    cost_per_thousand: costPerThousandOf(cost, quantity),
  };
}

function toTransferDto(row: TransferRow): Transfer {
  const points = Number(row.points_cost_cents);
  const extra = Number(row.extra_cost_cents);
  return {
    ...row,
    source_account: { ...row.source_account, program: row.source_account.program as ProgramKey },
    destination_account: { ...row.destination_account, program: row.destination_account.program as ProgramKey },
    points_cost_cents: points,
    extra_cost_cents: extra,
    total_cost_cents: points + extra,
    lost_cost_cents: Number(row.lost_cost_cents),
    credits: row.credits.map(toCreditDto),
  };
}

export async function getTransfer(db: Db, { agencyId, id }: { agencyId: string; id: string }): Promise<Transfer> {
  const row = await getTransferRow(db, { agencyId, id });
  if (!row) throw transferNotFound();
  return toTransferDto(row);
}

export async function listTransfers(
  db: Db,
  { agencyId, page, limit }: { agencyId: string; page: number; limit: number },
): Promise<TransferList> {
  const { rows, total } = await getTransfersPage(db, { agencyId, page, limit });
  return paged(rows.map(toTransferDto), total, { page, limit });
}

export async function listCredits(db: Db, agencyId: string, query: CreditListQuery): Promise<CreditList> {
  const { rows, total, pending } = await getCreditsPage(db, {
    agencyId,
    status: query.status,
    accountId: query.account_id,
    page: query.page,
    limit: query.limit,
  });
  return {
    ...paged(rows.map(toCreditDto), total, { page: query.page, limit: query.limit }),
    pending: pending.map((p) => ({
      program: p.program as ProgramKey,
      miles: Number(p.miles),
      cost_cents: Number(p.cost_cents),
      credits: p.credits,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Conversions

export async function listConversions(db: Db, agencyId: string): Promise<Conversion[]> {
  const stored = new Map(
    (await getConversions(db, agencyId)).map((c) => [`${c.source_program}>${c.destination_program}`, c.ratio]),
  );
  return POINTS_PROGRAM_KEYS.flatMap((source) =>
    AIRLINE_PROGRAM_KEYS.map((destination) => {
      const ratio = stored.get(`${source}>${destination}`);
      return {
        source_program: source,
        destination_program: destination,
        ratio: ratio ?? DEFAULT_RATIO,
        is_default: !ratio,
      };
    }),
  );
}

/** "1 ponto = 1 milha", "2 pontos = 1 milha": how people say a ratio. */
export function describeRatio(ratio: string): string {
  const n = Number(ratio);
  if (n >= 1) return `1 ponto = ${formatNumber(n).replace(/\./g, '')} milha${n === 1 ? '' : 's'}`;
  const points = 1 / n;
  return Number.isInteger(points) ? `${points} pontos = 1 milha` : `1 ponto = ${ratio.replace('.', ',')} milha`;
}

export async function saveConversion(db: Db, actor: Actor, input: ConversionInput): Promise<Conversion> {
  const previous = await upsertConversion(db, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    source: input.source_program,
    destination: input.destination_program,
    ratio: input.ratio,
  });
  await recordActivity(db, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    kind: 'settings_conversion',
    description: `Paridade ${programName(input.source_program)} → ${programName(input.destination_program)}: ${describeRatio(input.ratio)}`,
    changes: { ratio: [previous ?? DEFAULT_RATIO, input.ratio] },
  });
  return {
    source_program: input.source_program as ProgramKey,
    destination_program: input.destination_program as ProgramKey,
    ratio: input.ratio,
    is_default: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Transfers

/**
 * POST /transfers. Refused, with nothing written: an account not this agency's (404), a source
 * that is not a points programme, a destination that is, another holder, a ratio that yields no
 * mile, more points than the source's eligible lots hold (409).
 */
export async function createTransfer(db: Db, actor: Actor & { today: string }, body: unknown): Promise<Transfer> {
  const input = parseOrThrow(
    makeTransferInputSchema(() => actor.today),
    body,
  );
  const transferId = await withRetry(db, async (tx) => {
    const { agencyId } = actor;
    const accounts = await getAccounts(tx, { agencyId, ids: [input.source_account_id, input.destination_account_id] });
    const source = accounts.find((a) => a.id === input.source_account_id);
    const destination = accounts.find((a) => a.id === input.destination_account_id);
    if (!source || !destination) {
      throw accountNotFound({
        ...(source ? {} : { source_account_id: M.sourceNotFound }),
        ...(destination ? {} : { destination_account_id: M.destinationNotFound }),
      });
    }
    const fields: Record<string, string> = {};
    if (!isPointsProgram(source.program)) fields.source_account_id = M.sourceAirline;
    if (isPointsProgram(destination.program)) fields.destination_account_id = M.destinationPoints;
    else if (source.client_id !== destination.client_id) fields.destination_account_id = M.otherHolder;
    if (Object.keys(fields).length > 0) throw validationError(fields);

    const ratio =
      input.ratio ??
      (await getConversionRatio(tx, { agencyId, source: source.program, destination: destination.program })) ??
      DEFAULT_RATIO;
    const quantities = transferQuantities(input.points, ratio, input.bonus_percent);
    if (quantities.base_miles <= 0) throw validationError({ ratio: M.noMiles });

    const candidates = await lockEligibleLots(tx, { agencyId, accountId: source.id, today: actor.today });
    const settings = await getSettings(tx, { agencyId });
    const plan = planAllocation(candidates, input.points, {
      policy: settings?.lot_allocation_policy ?? 'cheapest',
      today: actor.today,
    });
    if (!plan.ok) throw insufficientPoints(plan.shortage.available);
    const byId = new Map(candidates.map((c) => [c.id, c]));
    const take = plan.allocations.map((a) => ({
      lot_id: a.lot_id,
      miles: a.miles,
      status: lotStatusAfterAllocation(byId.get(a.lot_id)!.remaining_quantity - a.miles),
      cost_per_thousand: a.cost_per_thousand,
      cost_cents: a.cost_cents,
    }));

    const id = randomUUID();
    const total = plan.total_cost_cents + input.extra_cost_cents;
    const split = splitTransferCost(total, quantities);
    const credits = [
      {
        account_id: destination.id,
        kind: 'transfer_base' as const,
        expected_quantity: quantities.base_miles,
        cost_cents: split.base_cost_cents,
        credit_date: input.base_credit_date,
      },
      ...(quantities.bonus_miles > 0
        ? [
            {
              account_id: destination.id,
              kind: 'transfer_bonus' as const,
              expected_quantity: quantities.bonus_miles,
              cost_cents: split.bonus_cost_cents,
              credit_date: input.bonus_credit_date ?? input.base_credit_date,
            },
          ]
        : []),
    ];
    const route = `${programName(source.program)} → ${programName(destination.program)}`;
    const written = await insertTransfer(tx, {
      agencyId,
      transfer: {
        id,
        source_account_id: source.id,
        destination_account_id: destination.id,
        points: input.points,
        ratio,
        bonus_percent: input.bonus_percent,
        ...quantities,
        points_cost_cents: plan.total_cost_cents,
        extra_cost_cents: input.extra_cost_cents,
        transfer_date: input.transfer_date,
        notes: input.notes,
        created_by: actor.userId,
      },
      take,
      credits,
      extraEntry:
        input.extra_cost_cents > 0
          ? {
              id: randomUUID(),
              description: `Custo extra da transferência ${route} de ${formatDate(input.transfer_date)}`,
            }
          : null,
    });
    const bonus = input.bonus_percent > 0 ? ` com ${input.bonus_percent}% de bônus` : '';
    await recordActivity(tx, {
      agencyId,
      userId: actor.userId,
      kind: 'transfer_created',
      description: `Transferência de ${formatNumber(input.points)} pontos ${route}${bonus}`,
      refType: 'transfer',
      refId: id,
    });
    const due = written.filter((c) => c.credit_date <= actor.today).map((c) => c.id);
    if (due.length > 0) await creditNow(tx, { agencyId, today: actor.today, ids: due });
    return id;
  });
  return getTransfer(db, { agencyId: actor.agencyId, id: transferId });
}

// ---------------------------------------------------------------------------------------------
// Credits

/**
 * Credits the agency's pending credits due by `today` (or the ones named), each into a lot, in
 * the caller's transaction (creditPendingCredits). Returns how many were credited.
 */
export async function creditNow(
  db: Db,
  params: { agencyId: string; today: string; ids?: string[]; quantity?: number | null; day?: string | null },
): Promise<number> {
  return (await creditPendingCredits(db, params)).length;
}

async function creditDto(db: Db, agencyId: string, id: string): Promise<Credit> {
  const [row] = await getCreditRows(db, { agencyId, ids: [id] });
  if (!row) throw creditNotFound();
  return toCreditDto(row);
}

/** "Marcar como recebido": the credit becomes a lot now, with the miles that came, dated the day they came. */
export async function receiveCredit(
  db: Db,
  actor: Actor & { today: string },
  id: string,
  body: unknown,
): Promise<Credit> {
  const receipt = parseOrThrow(
    makeCreditReceiptSchema(() => actor.today),
    body ?? {},
  );
  await withRetry(db, async (tx) => {
    const [due] = await lockPendingCredits(tx, { agencyId: actor.agencyId, ids: [id] });
    if (!due) {
      const [existing] = await getCreditRows(tx, { agencyId: actor.agencyId, ids: [id] });
      throw existing ? creditNotPending() : creditNotFound();
    }
    const day = receipt.received_on ?? actor.today;
    if (due.transfer_date && day < due.transfer_date) throw validationError({ received_on: M.creditBeforeTransfer });
    const quantity = receipt.quantity ?? due.expected_quantity;
    await creditPendingCredits(tx, { agencyId: actor.agencyId, today: actor.today, ids: [id], quantity, day });
    await recordActivity(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      kind: 'credit_received',
      description: `Crédito de ${formatNumber(quantity)} milhas ${programName(due.program)} recebido`,
      refType: 'credit',
      refId: id,
    });
  });
  return creditDto(db, actor.agencyId, id);
}

/**
 * "Cancelar crédito": the miles will not come. Their cost goes where decision 0029 says: the
 * transfer's other credit while it is to come, else the miles left in the lot it became, else the
 * transfer's loss.
 */
export async function cancelCredit(db: Db, actor: Actor, id: string): Promise<Credit> {
  await withRetry(db, async (tx) => {
    const { agencyId } = actor;
    const rows = await lockCreditWithSiblings(tx, { agencyId, id });
    const credit = rows.find((r) => r.id === id);
    if (!credit) throw creditNotFound();
    if (credit.status !== 'pending') throw creditNotPending();
    const destination = cancelledCostDestination(rows.filter((r) => r.id !== id));
    const cents = credit.cost_cents;
    if (cents > 0) {
      if (destination.to === 'credit') {
        await addCreditCost(tx, { agencyId, id: destination.credit_id, cents });
      } else if (destination.to === 'lot') {
        const lot = await lockLotForCost(tx, { agencyId, id: destination.lot_id });
        if (lot && lot.remaining_quantity > 0) {
          await addLotCost(tx, {
            agencyId,
            lotId: destination.lot_id,
            cents,
            costPerThousand: costPerThousandWithAddedCost(lot.remaining_quantity, lot.cost_per_thousand, cents),
          });
        } else if (credit.transfer_id) {
          await addTransferLoss(tx, { agencyId, id: credit.transfer_id, cents });
        }
      } else if (credit.transfer_id) {
        await addTransferLoss(tx, { agencyId, id: credit.transfer_id, cents });
      }
    }
    await markCreditCancelled(tx, { agencyId, id });
    await recordActivity(tx, {
      agencyId,
      userId: actor.userId,
      kind: 'credit_cancelled',
      description: 'Crédito de milhas cancelado',
      refType: 'credit',
      refId: id,
    });
  });
  return creditDto(db, actor.agencyId, id);
}
