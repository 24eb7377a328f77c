import { createHash } from 'node:crypto';
import {
  anonymizedClientName,
  LGPD_MESSAGES,
  sameName,
  type LgpdAnonymizeInput,
  type LgpdAnonymizeResult,
} from '../../domain/audit/audit.schema';
import { pseudonymCpf } from '../../domain/audit/lgpd.rules';
import { onlyDigits } from '../../domain/documents';
import { formatNumber } from '../../domain/format';
import { recordActivity } from '../activity/activity.queries';
import { clientNotFound } from '../clients/clients.errors';
import type { Db } from '../db/client';
import { validationError } from '../http/errors';
import { clientAlreadyAnonymized } from './audit.errors';
import {
  anonymizeClientRow,
  anonymizePassengers,
  getLgpdClient,
  getLgpdHoldings,
  redactClientActivity,
} from './lgpd.queries';

interface Actor {
  agencyId: string;
  userId: string | null;
}

/** The SHA-256 (hex) of a CPF/CNPJ's digits: what clients.document_hash keeps after an anonymisation. */
export const documentHash = (document: string) => createHash('sha256').update(onlyDigits(document)).digest('hex');

/** The CPF the person travels under in emission_passengers: theirs, or after an anonymisation its stand-in. */
function passengerCpfOf(client: { document: string | null; document_hash: string | null }): string | null {
  const digits = client.document ? onlyDigits(client.document) : '';
  if (digits.length === 11) return digits;
  return !client.document && client.document_hash ? pseudonymCpf(client.document_hash) : null;
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * GET /clients/:id/lgpd-export: everything the agency holds about the client, as one JSON
 * document, and the request in the audit log (written before the answer, in the same transaction).
 */
export async function exportClientData(db: Db, actor: Actor, id: string) {
  const client = await getLgpdClient(db, { agencyId: actor.agencyId, id });
  if (!client) throw clientNotFound();
  const holdings = await getLgpdHoldings(db, {
    agencyId: actor.agencyId,
    clientId: id,
    passengerCpf: passengerCpfOf(client),
  });
  const { document_hash: _hash, ...record } = client;
  await recordActivity(db, {
    ...actor,
    kind: 'lgpd_export',
    description:
      `Dados do cliente ${client.name} exportados (LGPD): ` +
      `${plural(holdings.emissionsAsBuyer.length, 'emissão', 'emissões')}, ` +
      `${plural(holdings.postings.length, 'lançamento', 'lançamentos')}, ` +
      `${plural(holdings.activity.length, 'linha', 'linhas')} da auditoria`,
    refType: 'client',
    refId: id,
  });
  return {
    client,
    file: {
      generated_at: new Date().toISOString(),
      about:
        'Dados pessoais mantidos pela agência sobre o cliente (LGPD, art. 18, II): cadastro, contas de fidelidade, ' +
        'lotes dessas contas, emissões como comprador e como passageiro, lançamentos financeiros ligados, cotações e o ' +
        'histórico de alterações.',
      client: record,
      loyalty_accounts: holdings.accounts,
      lots: holdings.lots,
      emissions_as_buyer: holdings.emissionsAsBuyer,
      emissions_as_passenger: holdings.emissionsAsPassenger,
      postings: holdings.postings,
      quotes: holdings.quotes,
      activity: holdings.activity,
    },
  };
}

/**
 * POST /clients/:id/anonymize, in the request's one transaction: the client's personal fields are
 * replaced (name → "Cliente anonimizado <id>", the rest emptied), the CPF/CNPJ kept only as its
 * SHA-256; the person's passenger rows get a stand-in CPF (pseudonymCpf) so beneficiary limits
 * still count them; the audit lines about the client lose the old name and personal values.
 * Emissions, lots, postings and their amounts stay as they were. Irreversible, so the name must
 * be typed again; a second request is refused.
 */
export async function anonymizeClient(
  db: Db,
  actor: Actor,
  id: string,
  input: LgpdAnonymizeInput,
): Promise<LgpdAnonymizeResult> {
  const { agencyId } = actor;
  const client = await getLgpdClient(db, { agencyId, id, lock: true });
  if (!client) throw clientNotFound();
  if (client.anonymized_at) throw clientAlreadyAnonymized();
  if (!sameName(input.confirm, client.name)) throw validationError({ confirm: LGPD_MESSAGES.confirmMismatch });

  const name = anonymizedClientName(id);
  const hash = client.document ? documentHash(client.document) : null;
  const { anonymized_at } = await anonymizeClientRow(db, { agencyId, id, name, documentHash: hash });
  const cpf = client.document ? onlyDigits(client.document) : '';
  const passengers =
    hash && cpf.length === 11
      ? await anonymizePassengers(db, { agencyId, cpf, pseudonym: pseudonymCpf(hash), name })
      : 0;
  const redacted = await redactClientActivity(db, { clientId: id, oldName: client.name });
  await recordActivity(db, {
    ...actor,
    kind: 'lgpd_anonymize',
    description:
      `${name}: dados pessoais apagados a pedido (LGPD); ` +
      `${plural(passengers, 'registro de passageiro', 'registros de passageiro')} e ` +
      `${plural(redacted, 'linha', 'linhas')} da auditoria anonimizados`,
    refType: 'client',
    refId: id,
  });
  return { id, name, anonymized_at, passengers_anonymized: passengers, activity_redacted: redacted };
}
