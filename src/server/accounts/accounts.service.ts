import type { AccountBeneficiaries, AccountLots } from '../../domain/accounts/account.schema';
import { onlyDigits } from '../../domain/documents';
import type { ProgramKey } from '../../domain/programs';
import type { Db } from '../db/client';
import { getProgramRule } from '../rules/rules.queries';
import { accountNotFound } from './accounts.errors';
import { getAccount, getAccountAvailableLots, getAccountPastPassengers } from './accounts.queries';

/** GET /accounts/:id/lots: what the emission wizard may draw from this account. */
export async function getAccountLots(
  db: Db,
  { agencyId, id, today }: { agencyId: string; id: string; today: string },
): Promise<AccountLots> {
  const account = await getAccount(db, { agencyId, id });
  if (!account) throw accountNotFound();
  const data = await getAccountAvailableLots(db, { agencyId, accountId: id });
  const rule = await getProgramRule(db, { agencyId, program: account.program });
  return { data, cpm_cap: rule?.cpm_cap ?? null, today };
}

/** GET /accounts/:id/beneficiaries: the inputs of countBeneficiaries for this account. */
export async function getAccountBeneficiaries(
  db: Db,
  { agencyId, id, today }: { agencyId: string; id: string; today: string },
): Promise<AccountBeneficiaries> {
  const account = await getAccount(db, { agencyId, id });
  if (!account) throw accountNotFound();
  const document = account.client_document ? onlyDigits(account.client_document) : '';
  return {
    // The loyalty_accounts_program check holds it to the catalogue.
    program: account.program as ProgramKey,
    holder_cpf: document.length === 11 ? document : null,
    past_passengers: await getAccountPastPassengers(db, { agencyId, accountId: id }),
    today,
  };
}
