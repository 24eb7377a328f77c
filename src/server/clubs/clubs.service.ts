// Club subscriptions (issue #23, docs/decisions/0029-transfers-and-credits.md, "Clubs"): each month
// on its billing day a subscription's miles become a lot at that month's price, and the price is
// posted as the lot's purchase. A month is billed once: its credit is unique per subscription and
// month, whoever bills it (the creation, the hourly clubs.monthly job, a retry).

import { randomUUID } from 'node:crypto';
import { clubStatus, clubTitle, nextClubCharge } from '../../domain/clubs/club.rules';
import {
  CLUB_MESSAGES as M,
  makeClubEndSchema,
  makeClubInputSchema,
  type Club,
  type ClubList,
  type ClubListQuery,
} from '../../domain/clubs/club.schema';
import { formatDate, formatNumber } from '../../domain/format';
import { programName, type ProgramKey } from '../../domain/programs';
import { costPerThousandOf } from '../../domain/transfers/transfer.rules';
import { accountNotFound } from '../accounts/accounts.errors';
import { recordActivity } from '../activity/activity.queries';
import type { Db } from '../db/client';
import { withRetry } from '../db/retry';
import { validationError } from '../http/errors';
import { paged } from '../http/paged';
import { parseOrThrow } from '../http/validate';
import { getAccounts } from '../transfers/transfers.queries';
import { creditNow } from '../transfers/transfers.service';
import { clubEnded, clubNotFound } from './clubs.errors';
import {
  getClubRow,
  getClubsPage,
  insertClub,
  insertDueClubCredits,
  lockClub,
  postClubPurchases,
  setClubEnd,
  type ClubRow,
} from './clubs.queries';

export interface ClubActor {
  agencyId: string;
  userId: string | null;
  today: string;
}

function toClubDto(row: ClubRow, today: string): Club {
  const price = Number(row.monthly_price_cents);
  const calendar = { billing_day: row.billing_day, start_date: row.start_date, end_date: row.end_date };
  return {
    ...row,
    account: { ...row.account, program: row.account.program as ProgramKey },
    monthly_price_cents: price,
    cost_per_thousand: costPerThousandOf(price, row.miles_per_month),
    payment_method: row.payment_method as Club['payment_method'],
    status: clubStatus(calendar, today),
    next_charge_date: nextClubCharge(calendar, today),
    miles_credited: Number(row.miles_credited),
    paid_cents: Number(row.paid_cents),
  };
}

export async function listClubs(db: Db, { agencyId, today }: ClubActor, query: ClubListQuery): Promise<ClubList> {
  const { rows, total } = await getClubsPage(db, {
    agencyId,
    accountId: query.account_id,
    page: query.page,
    limit: query.limit,
  });
  return paged(
    rows.map((r) => toClubDto(r, today)),
    total,
    query,
  );
}

export async function getClub(db: Db, { agencyId, today }: ClubActor, id: string): Promise<Club> {
  const row = await getClubRow(db, { agencyId, id });
  if (!row) throw clubNotFound();
  return toClubDto(row, today);
}

/**
 * Bills every month the agency's subscriptions (or the one named) owe by `today`, in the caller's
 * transaction: the months' credits, their lots, the lots' purchases. Returns how many months.
 */
export async function billDueClubs(
  db: Db,
  { agencyId, userId, today, clubId }: ClubActor & { clubId?: string },
): Promise<number> {
  const ids = await insertDueClubCredits(db, { agencyId, today, clubId });
  if (ids.length === 0) return 0;
  await creditNow(db, { agencyId, today, ids });
  await postClubPurchases(db, { agencyId, userId, ids });
  return ids.length;
}

/** POST /clubs: the subscription, and at once the months since its start whose billing day has come. */
export async function createClub(db: Db, actor: ClubActor, body: unknown): Promise<Club> {
  const input = parseOrThrow(
    makeClubInputSchema(() => actor.today),
    body,
  );
  const id = randomUUID();
  await withRetry(db, async (tx) => {
    const [account] = await getAccounts(tx, { agencyId: actor.agencyId, ids: [input.account_id] });
    if (!account) throw accountNotFound({ account_id: M.accountNotFound });
    await insertClub(tx, { agencyId: actor.agencyId, club: { ...input, id, created_by: actor.userId } });
    await recordActivity(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      kind: 'club_created',
      description: `${clubTitle(input.plan_name)} (${programName(account.program)}): ${formatNumber(input.miles_per_month)} milhas por mês desde ${formatDate(input.start_date)}`,
      refType: 'club',
      refId: id,
    });
    await billDueClubs(tx, { ...actor, clubId: id });
  });
  return getClub(db, actor, id);
}

/** "Encerrar clube": its last day (today when blank); months billed stay, none is billed after. */
export async function endClub(db: Db, actor: ClubActor, id: string, body: unknown): Promise<Club> {
  const input = parseOrThrow(
    makeClubEndSchema(() => actor.today),
    body ?? {},
  );
  await withRetry(db, async (tx) => {
    const club = await lockClub(tx, { agencyId: actor.agencyId, id });
    if (!club) throw clubNotFound();
    if (club.end_date !== null && club.end_date < actor.today) throw clubEnded();
    const end = input.end_date ?? actor.today;
    if (end < club.start_date) throw validationError({ end_date: M.endBeforeStart });
    await setClubEnd(tx, { agencyId: actor.agencyId, id, endDate: end });
    await recordActivity(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      kind: 'club_ended',
      description: `${clubTitle(club.plan_name)} encerrado em ${formatDate(end)}`,
      refType: 'club',
      refId: id,
      changes: { end_date: [club.end_date, end] },
    });
  });
  return getClub(db, actor, id);
}
