import { Hono } from 'hono';
import {
  lgpdAnonymizeInputSchema,
  lgpdAnonymizeResultSchema,
  lgpdExportFileName,
} from '../../domain/audit/audit.schema';
import { clientNotFound } from '../clients/clients.errors';
import type { AppEnv } from '../http/context';
import { apiDoc, json, uuidIdParams } from '../http/openapi';
import { readJson, uuidParam } from '../http/validate';
import { anonymizeClient, exportClientData } from './lgpd.service';

// LGPD requests about one client (issue #20; docs/decisions/0027-audit-log-and-lgpd.md), mounted
// beside the client's own routes at /clients/:id; admins only.

const clientId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', clientNotFound);

const docs = {
  export: apiDoc({
    tag: 'audit',
    access: 'admin',
    operationId: 'exportClientLgpdData',
    summary: 'Everything the agency holds about a client (LGPD art. 18 II), as a JSON file',
    description:
      'The client record, loyalty accounts, lots of those accounts, emissions as buyer and as passenger (by CPF), the postings linked to them, quotes and the audit lines about them; sent as an attachment `lgpd-cliente-<nome>-<aaaa-mm-dd>.json`. The request is recorded in the audit log (`lgpd_export`).',
    params: uuidIdParams,
    response: json('The file'),
    errors: [404],
  }),
  anonymize: apiDoc({
    tag: 'audit',
    access: 'admin',
    operationId: 'anonymizeClient',
    summary: 'Anonymise a client on request (LGPD art. 18 IV): irreversible',
    description:
      'Body `{ "confirm": "<the client\'s name as shown>" }` (compared ignoring case, accents and extra spaces; a mismatch is refused on `confirm`). In one transaction: name → "Cliente anonimizado <8 hex digits of the id>"; e-mail, phone, birth date, notes and tags emptied; CPF/CNPJ removed and kept only as its SHA-256 (`document_hash`); the passenger rows with that CPF, in any emission of the agency, get the new name and a stand-in CPF that is never a valid one, the same for the same person, so limits per beneficiary still count them; the audit lines about the client, its emissions and quotes lose the old name and personal values. Emissions, lots, postings and amounts are kept unchanged. Recorded in the audit log (`lgpd_anonymize`). An anonymised client is refused a second time (409 CLIENT_ALREADY_ANONYMIZED) and cannot be edited (PUT answers 409 CLIENT_ANONYMIZED).',
    params: uuidIdParams,
    body: lgpdAnonymizeInputSchema,
    response: json('What was done', lgpdAnonymizeResultSchema),
    errors: [400, 404, 409],
  }),
};

export const lgpdRoutes = new Hono<AppEnv>()
  .get('/:id/lgpd-export', docs.export, async (c) => {
    const id = clientId(c);
    const { agencyId, userId } = c.var.session;
    const { client, file } = await exportClientData(c.var.db, { agencyId, userId }, id);
    return c.body(JSON.stringify(file, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${lgpdExportFileName(client.name, c.var.today)}"`,
      'Cache-Control': 'no-store',
    });
  })
  .post('/:id/anonymize', docs.anonymize, async (c) => {
    const id = clientId(c);
    const input = await readJson(c, lgpdAnonymizeInputSchema);
    const { agencyId, userId } = c.var.session;
    return c.json(await anonymizeClient(c.var.db, { agencyId, userId }, id, input));
  });
