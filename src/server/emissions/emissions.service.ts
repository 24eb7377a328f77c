// Emissions (DESIGN.md §2, spec part 2 §2/§5/§9): creation takes the miles through the allocation
// engine in the request's transaction, transitions follow the domain's status machine, and a
// cancellation gives the miles back. Any failure throws, and the request's transaction rolls
// everything back (src/server/http/middleware.ts), so a refused emission takes no mile.

import type { Logger } from 'pino';
import { onlyDigits } from '../../domain/documents';
import {
  computeEmissionFinancials,
  DEFAULT_SLA_TARGET_HOURS,
  EMISSION_ACTION_DEFINITIONS,
  INITIAL_EMISSION_STATUS,
  planTransition,
  slaStats,
  type EmissionAction,
} from '../../domain/emissions/emission.rules';
import { EMISSION_MESSAGES, type EmissionCreateInput, type EmissionListQuery } from '../../domain/emissions/emission.schema';
import { recordActivity } from '../activity/activity.queries';
import type { Transaction } from '../db/client';
import { AppError } from '../http/errors';
import { allocateMiles, releaseMiles } from '../lots/allocation.service';
import {
  applyTransition,
  getAccount,
  getAccountAvailableLots,
  getAccountPastPassengers,
  getAllocations,
  getClientForEmission,
  getEmission,
  getEmissionsPage,
  getEmissionSummary,
  getPassengers,
  getProgramRule,
  getSlaPairs,
  insertEmission,
  insertPassengers,
  lockEmission,
  setEmissionMoney,
} from './emissions.queries';

export const EMISSION_SERVER_MESSAGES = {
  notFound: 'Emissão não encontrada.',
  clientNotFound: 'Cliente não encontrado.',
  accountNotFound: 'Conta de fidelidade não encontrada.',
  accountNotOfClient: 'Esta conta não pertence ao cliente selecionado.',
} as const;

export const emissionNotFound = () => new AppError('EMISSION_NOT_FOUND', EMISSION_SERVER_MESSAGES.notFound, { status: 404 });
export const accountNotFound = () => new AppError('ACCOUNT_NOT_FOUND', EMISSION_SERVER_MESSAGES.accountNotFound, { status: 404 });

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

export async function listEmissions(db: Transaction, agencyId: string, query: EmissionListQuery) {
  const { rows, total } = await getEmissionsPage(db, agencyId, query);
  const summary = await getEmissionSummary(db, agencyId);
  return { data: rows, total, page: query.page, limit: query.limit, total_pages: Math.ceil(total / query.limit), summary };
}

type TimelineKind = 'created' | 'submitted' | 'issued' | 'failed' | 'cancelled';

export async function getEmissionDetail(db: Transaction, agencyId: string, id: string) {
  const emission = await getEmission(db, agencyId, id);
  if (!emission) throw emissionNotFound();
  const passengers = await getPassengers(db, agencyId, id);
  const allocations = await getAllocations(db, agencyId, id);
  const rule = await getProgramRule(db, agencyId, emission.program);
  const stats = slaStats(await getSlaPairs(db, agencyId));

  const points: { kind: TimelineKind; at: string | null }[] = [
    { kind: 'created', at: emission.created_at },
    { kind: 'submitted', at: emission.submitted_at },
    { kind: 'issued', at: emission.issued_at },
    { kind: 'failed', at: emission.failed_at },
    { kind: 'cancelled', at: emission.cancelled_at },
  ];
  // In time order; equal times keep the order above (created before submitted).
  const timeline = points
    .filter((p): p is { kind: TimelineKind; at: string } => p.at !== null)
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
 * POST /emissions: checks the client and its account, writes the emission (processing, submitted
 * now), takes the miles from that account's lots (allocateMiles: the chosen lots, else the
 * agency's policy), sets the miles cost and margin, the passengers and an activity line.
 */
export async function createEmission(
  db: Transaction,
  actor: Actor,
  input: EmissionCreateInput,
  options: { today: string; logger?: Pick<Logger, 'warn'> },
) {
  const { agencyId } = actor;
  const client = await getClientForEmission(db, agencyId, input.client_id);
  if (!client) {
    throw new AppError('CLIENT_NOT_FOUND', EMISSION_SERVER_MESSAGES.clientNotFound, {
      status: 404,
      fields: { client_id: EMISSION_MESSAGES.clientInvalid },
    });
  }
  const account = await getAccount(db, agencyId, input.account_id);
  if (!account) {
    throw new AppError('ACCOUNT_NOT_FOUND', EMISSION_SERVER_MESSAGES.accountNotFound, {
      status: 404,
      fields: { account_id: EMISSION_MESSAGES.accountInvalid },
    });
  }
  if (account.client_id !== client.id) {
    throw new AppError('ACCOUNT_NOT_FOUND', EMISSION_SERVER_MESSAGES.accountNotOfClient, {
      status: 404,
      fields: { account_id: EMISSION_SERVER_MESSAGES.accountNotOfClient },
    });
  }

  // Written first, since the allocations point at it; the money is completed after allocating.
  const provisional = computeEmissionFinancials({
    miles_cost_cents: 0,
    fees_cents: input.fees_cents,
    revenue_cents: input.revenue_cents,
    rav_cents: input.rav_cents,
  });
  const id = await insertEmission(db, {
    agency_id: agencyId,
    client_id: client.id,
    account_id: account.id,
    pnr: input.pnr,
    route: input.route,
    departure_date: input.departure_date,
    miles_used: input.miles_used,
    fees_cents: input.fees_cents,
    revenue_cents: input.revenue_cents,
    rav_cents: input.rav_cents,
    miles_cost_cents: 0,
    margin_cents: provisional.margin_cents,
    status: INITIAL_EMISSION_STATUS,
    created_by: actor.userId,
  });

  const allocation = await allocateMiles(db, {
    agencyId,
    accountId: account.id,
    miles: input.miles_used,
    emissionId: id,
    lotIds: input.lot_ids.length > 0 ? input.lot_ids : undefined,
    today: options.today,
    logger: options.logger,
  });
  const financials = computeEmissionFinancials({
    miles_cost_cents: allocation.total_cost_cents,
    fees_cents: input.fees_cents,
    revenue_cents: input.revenue_cents,
    rav_cents: input.rav_cents,
  });
  await setEmissionMoney(db, agencyId, id, { miles_cost_cents: allocation.total_cost_cents, margin_cents: financials.margin_cents });
  await insertPassengers(db, agencyId, id, input.passengers);
  await recordActivity(db, {
    agencyId,
    userId: actor.userId,
    kind: 'emission_created',
    description: `Emissão ${input.route} criada para ${client.name}`,
    refType: 'emission',
    refId: id,
  });
  return getEmissionDetail(db, agencyId, id);
}

/** POST /emissions/:id/transitions: the row is locked first, so two racing transitions cannot both apply. */
export async function transitionEmission(db: Transaction, actor: Actor, id: string, action: EmissionAction, options: { today: string }) {
  const { agencyId } = actor;
  const row = await lockEmission(db, agencyId, id);
  if (!row) throw emissionNotFound();
  const plan = planTransition(row.status, action);
  if (!plan.ok) throw new AppError('INVALID_TRANSITION', plan.message, { status: 409 });
  await applyTransition(db, agencyId, id, plan.to, EMISSION_ACTION_DEFINITIONS[action].timestamp_field);
  if (action === 'cancel') await releaseMiles(db, { agencyId, emissionId: id, today: options.today });
  await recordActivity(db, {
    agencyId,
    userId: actor.userId,
    kind: `emission_${action}`,
    description: `Emissão ${row.route} ${ACTION_ACTIVITY[action]}`,
    refType: 'emission',
    refId: id,
  });
  return getEmissionDetail(db, agencyId, id);
}

/** GET /accounts/:id/lots: what the wizard may draw from this account. */
export async function getAccountLots(db: Transaction, agencyId: string, accountId: string, today: string) {
  const account = await getAccount(db, agencyId, accountId);
  if (!account) throw accountNotFound();
  const data = await getAccountAvailableLots(db, agencyId, accountId);
  const rule = await getProgramRule(db, agencyId, account.program);
  return { data, cpm_cap: rule?.cpm_cap ?? null, today };
}

/** GET /accounts/:id/beneficiaries: the inputs of countBeneficiaries for this account. */
export async function getAccountBeneficiaries(db: Transaction, agencyId: string, accountId: string, today: string) {
  const account = await getAccount(db, agencyId, accountId);
  if (!account) throw accountNotFound();
  const document = account.client_document ? onlyDigits(account.client_document) : '';
  return {
    program: account.program,
    holder_cpf: document.length === 11 ? document : null,
    past_passengers: await getAccountPastPassengers(db, agencyId, accountId),
    today,
  };
}
