import { Hono } from 'hono';
import { toCsv } from '../../domain/csv';
import { exportCsvOptions } from '../../domain/csv-excel';
import {
  bulkPostMissingResultSchema,
  bulkPostMissingSchema,
  RECONCILIATION_EXPORT_HEADERS,
  reconciliationExportQuerySchema,
  reconciliationExportRow,
  reconciliationQuerySchema,
  reconciliationSchema,
} from '../../domain/finance/reconciliation.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, csv, json } from '../http/openapi';
import { parseOrThrow, readJson } from '../http/validate';
import { getReconciliationRows } from './reconciliation.queries';
import { getReconciliation, postMissing, toReconciliationRow } from './reconciliation.service';

const docs = {
  get: apiDoc({
    tag: 'finance',
    operationId: 'getReconciliation',
    summary: 'Per emission, expected vs posted revenue, fees, miles cost and RAV, with alerts and counts',
    description:
      'Filters (`start`, `end`: inclusive days of creation; `status`; `only_discrepancies`) are applied in SQL. `counts` cover the filter whatever `only_discrepancies` says; `compliance_rate` = (1 − discrepancies / total) × 100.',
    query: reconciliationQuerySchema,
    response: json('A page of emissions and `counts`', reconciliationSchema),
  }),
  export: apiDoc({
    tag: 'finance',
    operationId: 'exportReconciliation',
    summary: 'CSV of the discrepancies of the filter (spec part 2 §9 columns)',
    description:
      'Only emissions with an alert; UTF-8 with BOM, CRLF, every cell quoted, cells that could start a formula neutralised; file name discrepancias_<timestamp>.csv. Comma-separated by default; `formato=excel` gives the pt-BR Excel form (";"-separated, amounts 1234,56, dates dd/mm/aaaa).',
    query: reconciliationExportQuerySchema,
    response: csv('The CSV file'),
  }),
  postMissing: apiDoc({
    tag: 'finance',
    operationId: 'postMissingEntries',
    summary: 'Post every missing amount of the selected emissions, in one transaction',
    description:
      'Revenue in; fees, miles cost and RAV out; each for what is still missing. Dated `entry_date` (default today). Ids not found in the agency come back in `not_found`.',
    body: bulkPostMissingSchema,
    response: json('How many postings and emissions', bulkPostMissingResultSchema),
  }),
};

/** "2026-03-15T14:05:09" → "20260315_140509", for the export's file name. */
const stamp = (iso: string) => iso.slice(0, 19).replace(/[-:]/g, '').replace('T', '_');

export const reconciliationRoutes = new Hono<AppEnv>()
  .get('/', docs.get, async (c) => {
    const query = parseOrThrow(reconciliationQuerySchema, c.req.query());
    return c.json(await getReconciliation(c.var.db, c.var.session.agencyId, query));
  })
  .get('/export', docs.export, async (c) => {
    const query = parseOrThrow(reconciliationExportQuerySchema, c.req.query());
    const rows = await getReconciliationRows(c.var.db, {
      agencyId: c.var.session.agencyId,
      start: query.start,
      end: query.end,
      status: query.status,
      onlyDiscrepancies: true,
    });
    const file = toCsv(
      RECONCILIATION_EXPORT_HEADERS,
      rows.map((r) => reconciliationExportRow(toReconciliationRow(r), r.created_day)),
      exportCsvOptions(query.formato),
    );
    return c.body(file, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="discrepancias_${stamp(new Date().toISOString())}.csv"`,
      'Cache-Control': 'no-store',
    });
  })
  .post('/post-missing', docs.postMissing, async (c) => {
    const input = await readJson(c, bulkPostMissingSchema);
    const { agencyId, userId } = c.var.session;
    return c.json(await postMissing(c.var.db, { agencyId, userId, today: c.var.today }, input));
  });
