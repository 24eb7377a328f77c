import type { AccountHistory, AccountHistoryQuery, Movement } from '../../domain/accounts/account-history.schema';
import type { AccountBeneficiaries, AccountLots } from '../../domain/accounts/account.schema';
import { pseudonymCpf } from '../../domain/audit/lgpd.rules';
import { onlyDigits } from '../../domain/documents';
import type { ProgramKey } from '../../domain/programs';
import { effectiveRule } from '../../domain/rules/rule.schema';
import type { Db } from '../db/client';
import { getProgramRule } from '../rules/rules.queries';
import { paged } from '../http/paged';
import { getAccountHistoryPage } from './account-history.queries';
import { accountNotFound } from './accounts.errors';
import { getAccount, getAccountAvailableLots, getAccountPastPassengers } from './accounts.queries';

/** One of the agency's accounts, asked for on the agency's `today`. */
interface AccountRequest {
  agencyId: string;
  id: string;
  today: string;
}

/** The agency's account `id`, or ACCOUNT_NOT_FOUND. */
async function existingAccount(db: Db, { agencyId, id }: AccountRequest) {
  const account = await getAccount(db, { agencyId, id });
  if (!account) throw accountNotFound();
  return account;
}

/** GET /accounts/:id/lots: what the emission wizard may draw from this account, and its program's rule. */
export async function getAccountLots(db: Db, request: AccountRequest): Promise<AccountLots> {
  const { agencyId, id, today } = request;
  const account = await existingAccount(db, request);
  const data = await getAccountAvailableLots(db, { agencyId, accountId: id });
  // A program without a rule uses the defaults (spec part 2 §9): no cap, 10 % and R$ 0,00.
  const rule = effectiveRule(await getProgramRule(db, { agencyId, program: account.program }));
  return {
    data,
    cpm_cap: rule.cpm_cap,
    min_margin_cents: rule.min_margin_cents,
    min_margin_percent: rule.min_margin_percent,
    default_rav_cents: rule.default_rav_cents,
    today,
  };
}

/**
 * An anonymised holder (LGPD) has no CPF but its hash: its passenger rows carry the stand-in CPF
 * the hash gives (pseudonymCpf), so the holder stays uncounted and everyone else counts as before.
 */
function anonymizedHolder(account: { client_document: string | null; client_document_hash: string | null }) {
  return !account.client_document && account.client_document_hash ? pseudonymCpf(account.client_document_hash) : null;
}

/** GET /accounts/:id/beneficiaries: the inputs of countBeneficiaries for this account. */
export async function getAccountBeneficiaries(db: Db, request: AccountRequest): Promise<AccountBeneficiaries> {
  const { agencyId, id, today } = request;
  const account = await existingAccount(db, request);
  const document = account.client_document ? onlyDigits(account.client_document) : '';
  return {
    // The loyalty_accounts_program check holds it to the catalogue.
    program: account.program as ProgramKey,
    holder_cpf: document.length === 11 ? document : anonymizedHolder(account),
    past_passengers: await getAccountPastPassengers(db, { agencyId, accountId: id }),
    today,
  };
}

/**
 * GET /accounts/:id/history: every movement of the account's miles, newest first, with its balance
 * and the recount of the history beside it (equal unless something is broken), the miles still to
 * come and the average cost of what is available.
 */
export async function getAccountHistory(
  db: Db,
  request: AccountRequest & AccountHistoryQuery,
): Promise<AccountHistory> {
  const { agencyId, id, today, page, limit } = request;
  const account = await existingAccount(db, request);
  const { rows, sums } = await getAccountHistoryPage(db, { agencyId, accountId: id, today, page, limit });
  return {
    ...paged(
      rows.map((r) => ({
        ...r,
        kind: r.kind as Movement['kind'],
        ref_type: r.ref_type as Movement['ref_type'],
        cost_cents: Number(r.cost_cents),
      })),
      sums.total,
      { page, limit },
    ),
    account: {
      id: account.id,
      program: account.program as ProgramKey,
      account_number: account.account_number,
      nickname: account.nickname,
      client_id: account.client_id,
      holder_name: account.client_name,
    },
    balance_miles: Number(sums.balance),
    recount_miles: Number(sums.recount),
    available_miles: Number(sums.available),
    to_come_miles: Number(sums.to_come),
    average_cost_per_thousand: sums.available_cost,
  };
}
