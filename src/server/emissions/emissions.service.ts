// Emissions (DESIGN.md §2, spec part 2 §2/§5/§9): creation takes the miles through the allocation
// engine in the request's transaction, transitions follow the domain's status machine, and a
// cancellation gives the miles back. Any failure throws, and the request's transaction rolls
// everything back (src/server/http/middleware.ts), so a refused emission takes no mile.

import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  computeEmissionFinancials,
  DEFAULT_SLA_TARGET_HOURS,
  EMISSION_ACTION_DEFINITIONS,
  INITIAL_EMISSION_STATUS,
  planTransition,
  type EmissionAction,
} from '../../domain/emissions/emission.rules';
import type {
  EmissionCreateInput,
  EmissionDetail,
  EmissionList,
  EmissionListQuery,
  EmissionTimelineKind,
} from '../../domain/emissions/emission.schema';
import { isMarginCritical } from '../../domain/alerts/alert.rules';
import { checkQuoteConversion } from '../../domain/quotes/quote.rules';
import { todayIso } from '../../domain/format';
import { isPointsProgram } from '../../domain/programs';
import { TRANSFER_MESSAGES } from '../../domain/transfers/transfer.schema';
import { validationError } from '../http/errors';
import { accountNotFound } from '../accounts/accounts.errors';
import { recordActivity } from '../activity/activity.queries';
import { followAlerts } from '../alerts/alerts.service';
import { recordEvent } from '../events/events.queries';
import { readSettings } from '../agency/agency.queries';
import {
  assertChosenLotsFound,
  lockReleasableLots,
  planOrRefuse,
  releaseMiles,
  retakeReleasedMiles,
  takeMilesValues,
} from '../allocation/allocation.service';
import type { Db, Transaction } from '../db/client';
import { withRetry } from '../db/retry';
import { paged } from '../http/paged';
import { getProgramRule } from '../rules/rules.queries';
import { quoteAlreadyConverted, quoteNotConvertible, quoteNotFound } from '../quotes/quotes.errors';
import { linkQuoteToEmission, lockQuote } from '../quotes/quotes.queries';
import {
  EMISSION_ERROR_MESSAGES,
  EMISSION_MESSAGES,
  emissionClientNotFound,
  emissionNotFound,
  invalidTransition,
  restoreLotDeleted,
  restoreShortage,
} from './emissions.errors';
import {
  applyTransition,
  getAllocations,
  getCreateContext,
  getEmission,
  getEmissionsPage,
  getPassengers,
  getSlaStats,
  insertEmissionTakingMiles,
  lockEmission,
  lockLiveEmissions,
  lockRestorableEmissions,
  restoreEmissionRows,
  softDeleteEmissionRows,
  toEmissionDto,
} from './emissions.queries';

interface Actor {
  agencyId: string;
  userId: string | null;
}

const ACTION_ACTIVITY: Record<EmissionAction, string> = {
  submit: 'enviada',
  issue: 'emitida',
  fail: 'marcada com falha',
  retry: 'reenviada',
  cancel: 'cancelada',
};

export async function listEmissions(
  db: Transaction,
  agencyId: string,
  query: EmissionListQuery,
): Promise<EmissionList> {
  const { rows, summary } = await getEmissionsPage(db, { agencyId, query });
  return { ...paged(rows, summary.total, { page: query.page, limit: query.limit }), summary };
}

export async function getEmissionDetail(
  db: Transaction,
  { agencyId, id }: { agencyId: string; id: string },
): Promise<EmissionDetail> {
  const emission = await getEmission(db, { agencyId, id });
  if (!emission) throw emissionNotFound();
  const passengers = await getPassengers(db, { agencyId, emissionId: id });
  const allocations = await getAllocations(db, { agencyId, emissionId: id });
  const rule = await getProgramRule(db, { agencyId, program: emission.program });
  const stats = await getSlaStats(db, { agencyId });

  const points: { kind: EmissionTimelineKind; at: string | null }[] = [
    { kind: 'created', at: emission.created_at },
    { kind: 'submitted', at: emission.submitted_at },
    { kind: 'issued', at: emission.issued_at },
    { kind: 'failed', at: emission.failed_at },
    { kind: 'cancelled', at: emission.cancelled_at },
  ];
  // In time order; equal times keep the order above (created before submitted).
  const timeline = points
    .filter((p): p is { kind: EmissionTimelineKind; at: string } => p.at !== null)
    .map((p, i) => ({ ...p, i, ms: new Date(p.at.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).getTime() }))
    .sort((a, b) => a.ms - b.ms || a.i - b.i)
    .map(({ kind, at }) => ({ kind, at }));

  return {
    emission,
    passengers,
    allocations,
    timeline,
    sla: { ...stats, target_hours: rule?.sla_target_hours ?? DEFAULT_SLA_TARGET_HOURS },
  };
}

/**
 * POST /emissions in two statements after the request's own (BEGIN, the session, COMMIT): one
 * read of the client, the account, the policy, the SLA target and statistic, with the account's
 * lots locked (getCreateContext); the allocation engine's plan over those lots; and one statement
 * writing the emission (processing, submitted now) with its final money, the miles taken, its
 * allocations, passengers and activity line. The detail is answered from what was written, as
 * GET /emissions/:id shows it (docs/decisions/0007-emission-create-at-scale.md). Locks: the lots,
 * then the client; run again on a deadlock (docs/decisions/0011-lock-order-and-retries.md). With a
 * quote_id, the quote is locked first and accepted with the emission's id after the write, in the
 * same transaction (docs/decisions/0025-simulator-and-quotes.md): two more statements, only then.
 */
export async function createEmission(
  db: Transaction,
  actor: Actor,
  input: EmissionCreateInput,
  options: { today: string; logger?: Pick<Logger, 'warn'> },
): Promise<EmissionDetail> {
  return withRetry(db, (tx) => createEmissionOnce(tx, actor, input, options));
}

async function createEmissionOnce(
  db: Transaction,
  actor: Actor,
  input: EmissionCreateInput,
  options: { today: string; logger?: Pick<Logger, 'warn'> },
): Promise<EmissionDetail> {
  const { agencyId } = actor;
  // "Converter em emissão": the quote is locked first (no other path locks a quote and then lots),
  // so two conversions of one quote queue here, and the second finds it converted before taking
  // any mile. Without quote_id, creation pays nothing more.
  if (input.quote_id) {
    const quote = await lockQuote(db, { agencyId, id: input.quote_id });
    if (!quote) throw quoteNotFound();
    const check = checkQuoteConversion(quote);
    if (!check.ok) throw check.reason === 'converted' ? quoteAlreadyConverted() : quoteNotConvertible();
  }
  const context = await getCreateContext(db, {
    agencyId,
    clientId: input.client_id,
    accountId: input.account_id,
    lotIds: input.lot_ids.length > 0 ? input.lot_ids : undefined,
    today: options.today,
  });
  if (!context?.client_id) {
    throw emissionClientNotFound(EMISSION_MESSAGES.clientInvalid);
  }
  if (!context.account_id) {
    throw accountNotFound({ account_id: EMISSION_MESSAGES.accountInvalid });
  }
  if (context.account_client_id !== context.client_id) {
    throw accountNotFound(
      { account_id: EMISSION_ERROR_MESSAGES.accountNotOfClient },
      EMISSION_ERROR_MESSAGES.accountNotOfClient,
    );
  }
  if (context.program && isPointsProgram(context.program)) {
    throw validationError({ account_id: TRANSFER_MESSAGES.pointsAccountEmission });
  }
  const id = randomUUID();
  const candidates = context.lots;
  assertChosenLotsFound(candidates, context.chosen);
  const plan = planOrRefuse(candidates, input.miles_used, {
    policy: readSettings(context.settings).lot_allocation_policy,
    today: options.today,
    logger: options.logger,
    context: { agencyId, accountId: context.account_id, emissionId: id },
  });
  const financials = computeEmissionFinancials({
    miles_cost_cents: plan.total_cost_cents,
    fees_cents: input.fees_cents,
    revenue_cents: input.revenue_cents,
    rav_cents: input.rav_cents,
  });
  const emission = {
    id,
    agency_id: agencyId,
    client_id: context.client_id,
    account_id: context.account_id,
    pnr: input.pnr ?? null,
    route: input.route,
    departure_date: input.departure_date ?? null,
    miles_used: input.miles_used,
    fees_cents: input.fees_cents,
    revenue_cents: input.revenue_cents,
    rav_cents: input.rav_cents,
    miles_cost_cents: plan.total_cost_cents,
    margin_cents: financials.margin_cents,
    status: INITIAL_EMISSION_STATUS,
    created_by: actor.userId,
  };
  const written = await insertEmissionTakingMiles(db, {
    emission,
    takeMiles: takeMilesValues(plan, candidates),
    passengers: input.passengers,
    activity: `Emissão ${input.route} criada para ${context.client_name}`,
    event: {
      pnr: emission.pnr,
      route: emission.route,
      departure_date: emission.departure_date,
      status: emission.status,
      client_id: emission.client_id,
      client_name: context.client_name,
      account_id: emission.account_id,
      program: context.program,
      miles_used: emission.miles_used,
      revenue_cents: emission.revenue_cents,
      margin_cents: emission.margin_cents,
    },
  });
  if (written.allocations.length !== plan.allocations.length)
    throw new Error('emission: a planned lot was not updated');
  if (input.quote_id) {
    const linked = await linkQuoteToEmission(db, {
      agencyId,
      quoteId: input.quote_id,
      emissionId: id,
      actorId: actor.userId,
    });
    // Locked above, so only a bug could get here: the request rolls back with the emission.
    if (!linked) throw quoteAlreadyConverted();
  }
  // Below its program's minimum margin: an alert now; the lots it emptied stop alerting. Decided
  // here from what the context read, so a creation that changes no alert pays no statement.
  const rule =
    context.min_margin_percent === null
      ? null
      : { min_margin_cents: Number(context.min_margin_cents), min_margin_percent: context.min_margin_percent };
  const critical = isMarginCritical(emission, rule);
  const emptied = plan.allocations
    .filter((a) => candidates.find((c) => c.id === a.lot_id)?.remaining_quantity === a.miles)
    .map((a) => a.lot_id);
  if (critical || emptied.length > 0) {
    await followAlerts(db, {
      agencyId,
      today: options.today,
      scope: { lotIds: emptied, emissionIds: critical ? [id] : [] },
    });
  }

  const { agency_id: _agency, created_by: _by, ...shown } = emission;
  return {
    emission: toEmissionDto({
      ...shown,
      client_name: context.client_name!,
      client_email: context.client_email,
      program: context.program!,
      account_number: context.account_number!,
      created_at: written.created_at,
      submitted_at: written.submitted_at,
      issued_at: null,
      failed_at: null,
      cancelled_at: null,
    }),
    passengers: written.passengers,
    allocations: written.allocations,
    timeline: [
      { kind: 'created', at: written.created_at },
      { kind: 'submitted', at: written.submitted_at },
    ],
    sla: { ...context.sla, target_hours: context.sla_target_hours ?? DEFAULT_SLA_TARGET_HOURS },
  };
}

/**
 * POST /emissions/:id/transitions: the row is locked, so two racing transitions cannot both apply.
 * A cancellation gives miles back to lots, so it locks them before the emission, as a creation
 * locks its lots before its client (docs/decisions/0011-lock-order-and-retries.md); run again on a
 * deadlock.
 */
export async function transitionEmission(
  db: Transaction,
  actor: Actor,
  id: string,
  action: EmissionAction,
  options: { today: string },
): Promise<EmissionDetail> {
  return withRetry(db, (tx) => transitionEmissionOnce(tx, actor, id, action, options));
}

async function transitionEmissionOnce(
  db: Transaction,
  actor: Actor,
  id: string,
  action: EmissionAction,
  options: { today: string },
): Promise<EmissionDetail> {
  const { agencyId } = actor;
  if (action === 'cancel') await lockReleasableLots(db, { agencyId, emissionIds: [id] });
  const row = await lockEmission(db, { agencyId, id });
  if (!row) throw emissionNotFound();
  const plan = planTransition(row.status, action);
  if (!plan.ok) throw invalidTransition(plan.message);
  await applyTransition(db, { agencyId, id, to: plan.to, field: EMISSION_ACTION_DEFINITIONS[action].timestamp_field });
  if (action === 'cancel') await releaseMiles(db, { agencyId, emissionIds: [id], today: options.today });
  await followAlerts(db, { agencyId, today: options.today, scope: { lotIds: [], emissionIds: [id] } });
  await recordActivity(db, {
    agencyId,
    userId: actor.userId,
    kind: `emission_${action}`,
    description: `Emissão ${row.route} ${ACTION_ACTIVITY[action]}`,
    refType: 'emission',
    refId: id,
    changes: { status: [row.status, plan.to] },
  });
  return getEmissionDetail(db, { agencyId, id });
}

/** The soft-delete functions' input: the agency's ids, as many as an import undo needs. */
export interface SoftDeleteInput {
  agencyId: string;
  ids: string[];
}

/**
 * Soft delete (DESIGN.md §2, for import undo): the live emissions among `ids` give their miles
 * back to their lots — as a cancellation does, allocations kept as history, released in the
 * deletion's instant — and leave every list, total and statistic; their postings go with them.
 * Lots, then emissions, locked in id order (decision 0011); set-based, so N emissions cost O(N).
 */
export async function softDeleteEmissions(
  db: Db,
  { agencyId, ids }: SoftDeleteInput,
  options: { today?: string } = {},
): Promise<{ count: number }> {
  return withRetry(db, async (tx) => {
    await lockReleasableLots(tx, { agencyId, emissionIds: ids });
    const locked = await lockLiveEmissions(tx, { agencyId, ids });
    await releaseMiles(tx, { agencyId, emissionIds: locked, today: options.today });
    const count = await softDeleteEmissionRows(tx, { agencyId, ids: locked });
    if (count > 0) await recordEvent(tx, agencyId, { type: 'emission.deleted', data: { ids: locked, count } });
    await followAlerts(tx, {
      agencyId,
      today: options.today ?? todayIso(),
      scope: { lotIds: [], emissionIds: locked },
    });
    return { count };
  });
}

/**
 * Brings soft-deleted emissions back: the miles their deletion released are taken again from the
 * same lots. All or nothing: when a lot no longer has them, or was deleted, nothing changes and
 * the answer says why (409).
 */
export async function restoreEmissions(db: Db, { agencyId, ids }: SoftDeleteInput): Promise<{ count: number }> {
  return withRetry(db, async (tx) => {
    const { emissionIds, lots } = await lockRestorableEmissions(tx, { agencyId, ids });
    if (lots.some((l) => l.deleted)) throw restoreLotDeleted();
    if (lots.some((l) => l.remaining_quantity < l.miles)) throw restoreShortage();
    if (emissionIds.length === 0) return { count: 0 };
    await retakeReleasedMiles(tx, { agencyId, lots });
    const count = await restoreEmissionRows(tx, { agencyId, ids: emissionIds });
    await recordEvent(tx, agencyId, { type: 'emission.updated', data: { ids: emissionIds, restored: count } });
    await followAlerts(tx, { agencyId, today: todayIso(), scope: { lotIds: [], emissionIds } });
    return { count };
  });
}
