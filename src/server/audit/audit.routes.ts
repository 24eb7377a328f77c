import { Hono } from 'hono';
import {
  auditExportQuerySchema,
  auditListQuerySchema,
  auditListSchema,
  auditUserListSchema,
  type AuditUserList,
} from '../../domain/audit/audit.schema';
import { todayIso } from '../../domain/format';
import type { AppEnv } from '../http/context';
import { apiDoc, csv, json } from '../http/openapi';
import { parseOrThrow } from '../http/validate';
import { getAuditUsers } from './audit.queries';
import { exportAuditCsv, listAudit } from './audit.service';

const FILTERS =
  "Filters: `user_id` (a user, or `system` for lines no person wrote), `area` (clients, lots, emissions, finance, rules, team, settings, imports, quotes, webhooks, lgpd), `from`/`to` (yyyy-MM-dd, inclusive, in the agency's calendar), `ref_type` + `ref_id` (one record's lines).";

const docs = {
  list: apiDoc({
    tag: 'audit',
    access: 'admin',
    operationId: 'listAuditLog',
    summary: "The agency's audit log, newest first",
    description: `Every change of money, stock, emissions, rules, users, settings and imports: when, who ("Sistema" for jobs), area, description, the changed fields' before/after (\`changes\`) and the request's address (\`ip\`). ${FILTERS} The total is counted up to 10,000 (then \`total_capped: true\`).`,
    query: auditListQuerySchema,
    response: json('A page of lines (`data`, `total`, `page`, `limit`, `total_pages`)', auditListSchema),
  }),
  export: apiDoc({
    tag: 'audit',
    access: 'admin',
    operationId: 'exportAuditLog',
    summary: 'CSV of the audit log lines matching the filters',
    description: `The pt-BR Excel form of the exports: ";"-separated, UTF-8 with BOM, CRLF, every cell quoted and formula-neutralised; "Data/hora" as dd/mm/aaaa hh:mm in the agency's time zone. ${FILTERS}`,
    query: auditExportQuerySchema,
    response: csv('The CSV file'),
  }),
  users: apiDoc({
    tag: 'audit',
    access: 'admin',
    operationId: 'listAuditUsers',
    summary: "The agency's users for the audit log's filter (deactivated ones included)",
    response: json('The users, by name', auditUserListSchema),
  }),
};

export const auditRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => {
    const query = parseOrThrow(auditListQuerySchema, c.req.query());
    return c.json(await listAudit(c.var.db, c.var.session.agencyId, query));
  })
  .get('/export', docs.export, async (c) => {
    const filters = parseOrThrow(auditExportQuerySchema, c.req.query());
    const file = await exportAuditCsv(c.var.db, c.var.session.agencyId, filters);
    return c.body(file, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="auditoria_${todayIso()}.csv"`,
      'Cache-Control': 'no-store',
    });
  })
  .get('/users', docs.users, async (c) => {
    const data = await getAuditUsers(c.var.db, { agencyId: c.var.session.agencyId });
    return c.json({ data } satisfies AuditUserList);
  });
