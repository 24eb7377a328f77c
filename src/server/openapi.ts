import { z } from 'zod';
import { agencyInputSchema, notificationPrefsSchema, settingsInputSchema } from '../domain/agency/agency.schema';
import { changePasswordSchema, signInSchema, signUpSchema } from '../domain/auth/auth.schema';
import {
  bulkDeleteSchema,
  clientEmissionsQuerySchema,
  clientExportQuerySchema,
  clientInputSchema,
  clientListQuerySchema,
  quickSearchQuerySchema,
  topClientsQuerySchema,
} from '../domain/clients/client.schema';
import { accountListQuerySchema } from '../domain/accounts/account.schema';
import { emissionCreateSchema, emissionListQuerySchema } from '../domain/emissions/emission.schema';
import { emissionTransitionSchema } from './emissions/emissions.routes';
import {
  bulkLotDeleteSchema,
  lotExpiringQuerySchema,
  lotExportQuerySchema,
  lotInputSchema,
  lotListQuerySchema,
  lotProgramQuerySchema,
} from '../domain/lots/lot.schema';

interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  body?: z.ZodType;
  /** Query-string schema (an object of scalars), documented as parameters. */
  query?: z.ZodObject;
  public?: boolean;
  /** Answers something other than JSON, e.g. text/csv. */
  produces?: string;
}

/** Every route of /api/v1 with the zod schema that validates its body (the same one the route uses). */
export const OPERATIONS: Operation[] = [
  { method: 'get', path: '/auth/setup', summary: 'Whether the first sign-up is still open', public: true },
  { method: 'post', path: '/auth/sign-up', summary: 'First run: create the agency and its first user', body: signUpSchema, public: true },
  { method: 'post', path: '/auth/sign-in', summary: 'Sign in with e-mail or phone and password', body: signInSchema, public: true },
  { method: 'post', path: '/auth/sign-out', summary: 'End the current session', public: true },
  { method: 'get', path: '/auth/me', summary: 'The signed-in user and agency' },
  { method: 'put', path: '/auth/password', summary: 'Change own password (ends other sessions)', body: changePasswordSchema },
  { method: 'get', path: '/auth/sessions', summary: "Own active sessions" },
  { method: 'delete', path: '/auth/sessions', summary: 'End all own sessions but the current one' },
  { method: 'delete', path: '/auth/sessions/{id}', summary: 'End one own session' },
  { method: 'get', path: '/agency', summary: 'The agency record' },
  { method: 'put', path: '/agency', summary: 'Update the agency record', body: agencyInputSchema },
  { method: 'get', path: '/agency/settings', summary: 'Agency settings' },
  { method: 'put', path: '/agency/settings', summary: 'Update agency settings', body: settingsInputSchema },
  { method: 'get', path: '/me/notifications', summary: "The user's notification choices" },
  { method: 'put', path: '/me/notifications', summary: "Update the user's notification choices", body: notificationPrefsSchema },
  { method: 'get', path: '/clients', summary: 'Clients: search, filter, sort and page, with the summary cards', query: clientListQuerySchema },
  { method: 'post', path: '/clients', summary: 'Create a client with its loyalty accounts', body: clientInputSchema },
  { method: 'get', path: '/clients/quick-search', summary: 'Up to 10 clients matching name, e-mail or CPF/CNPJ', query: quickSearchQuerySchema },
  { method: 'get', path: '/clients/top', summary: 'Clients ranked by revenue of active emissions', query: topClientsQuerySchema },
  { method: 'get', path: '/clients/export', summary: 'CSV of the clients matching the filters', query: clientExportQuerySchema, produces: 'text/csv' },
  { method: 'post', path: '/clients/bulk-delete', summary: 'Delete up to 1000 clients; those with emissions are kept', body: bulkDeleteSchema },
  { method: 'get', path: '/clients/{id}', summary: 'A client with its stats' },
  { method: 'put', path: '/clients/{id}', summary: 'Update a client and its loyalty accounts', body: clientInputSchema },
  { method: 'delete', path: '/clients/{id}', summary: 'Delete a client without emissions' },
  { method: 'get', path: '/clients/{id}/emissions', summary: "A client's emissions, newest first", query: clientEmissionsQuerySchema },
  {
    method: 'get',
    path: '/accounts',
    summary: "The agency's loyalty accounts (its own first, then its clients'), by program, client or search; the lot form's picker",
    query: accountListQuerySchema,
  },
  {
    method: 'get',
    path: '/lots',
    summary:
      'Miles lots: search (supplier, notes, account number), filter, sort and page, with the totals of the whole filtered set (available lots only: miles, value, average cost per mile, expiring within the alert window)',
    query: lotListQuerySchema,
  },
  {
    method: 'post',
    path: '/lots',
    summary: "Buy a lot into an account (account_id, or the agency's own account by program and account_number, made when missing); records the purchase in finance",
    body: lotInputSchema,
  },
  { method: 'get', path: '/lots/export', summary: 'CSV of the lots matching the filters, in list order', query: lotExportQuerySchema, produces: 'text/csv' },
  {
    method: 'get',
    path: '/lots/expiring',
    summary: "Available lots expiring on or before today + days (default: the agency's alert window), soonest first, at most 1000",
    query: lotExpiringQuerySchema,
  },
  { method: 'get', path: '/lots/stats', summary: 'Lot utilisation stats over every lot' },
  { method: 'get', path: '/lots/summary', summary: 'Per program: lots, miles bought, balance, investment, average cost per mile, lots expiring soon' },
  {
    method: 'get',
    path: '/lots/average-cost',
    summary: 'Average cost per mile and per thousand of the miles emissions can draw now, weighted by miles, per program or for one',
    query: lotProgramQuerySchema,
  },
  { method: 'get', path: '/lots/available', summary: 'Miles emissions can draw now (available, unexpired lots), per program or for one', query: lotProgramQuerySchema },
  { method: 'post', path: '/lots/mark-expired', summary: 'Marcar Expirados: available lots past their expiry day become expired' },
  { method: 'post', path: '/lots/bulk-delete', summary: 'Delete up to 1000 lots; those that fed an emission are kept', body: bulkLotDeleteSchema },
  { method: 'get', path: '/lots/{id}', summary: 'A lot with the emissions it fed (released ones included, as history)' },
  {
    method: 'put',
    path: '/lots/{id}',
    summary: 'Update a lot; a lot that fed an emission keeps its account and cannot go below the miles used; a past expiry may stay unchanged',
    body: lotInputSchema,
  },
  { method: 'delete', path: '/lots/{id}', summary: 'Delete a lot that never fed an emission (409 LOT_IN_USE otherwise), with its purchase entry' },
  {
    method: 'get',
    path: '/emissions',
    summary: 'Emissions newest first, filtered by status, client, program, creation day (America/Sao_Paulo) and search (PNR, route, client); summary over the agency',
    query: emissionListQuerySchema,
  },
  {
    method: 'post',
    path: '/emissions',
    summary: "Create an emission (processing): miles from the account's lots (lot_ids, else the agency policy); 409 INSUFFICIENT_MILES on shortage",
    body: emissionCreateSchema,
  },
  { method: 'get', path: '/emissions/{id}', summary: 'An emission with passengers, lot allocations, timeline and SLA statistics' },
  {
    method: 'post',
    path: '/emissions/{id}/transitions',
    summary: 'Apply submit | issue | fail | retry | cancel (cancel returns the miles to their lots); 409 INVALID_TRANSITION when refused',
    body: emissionTransitionSchema,
  },
  { method: 'get', path: '/accounts/{id}/lots', summary: "The account's available lots with miles left, cheapest first, with the program's CPM cap" },
  { method: 'get', path: '/accounts/{id}/beneficiaries', summary: "The account's past passengers (non-cancelled emissions) and holder CPF, for the beneficiary limit" },
];

const errorSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'string' }, message: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } } },
      required: ['code', 'message'],
    },
  },
};

function parameters(op: Operation): object[] {
  const list: object[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  if (op.query) {
    const schema = z.toJSONSchema(op.query, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, object> };
    for (const [name, prop] of Object.entries(schema.properties ?? {})) list.push({ name, in: 'query', required: false, schema: prop });
  }
  return list;
}

let cached: object | undefined;

export function buildOpenApiDocument(): object {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const item = (paths[`/api/v1${op.path}`] ??= {});
    item[op.method] = {
      summary: op.summary,
      ...(op.public ? { security: [] } : {}),
      ...(op.query || op.path.includes('{') ? { parameters: parameters(op) } : {}),
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }) } } } }
        : {}),
      responses: {
        ...(op.produces ? { 200: { description: 'OK', content: { [op.produces]: { schema: { type: 'string' } } } } } : {}),
        default: { description: 'Erro', content: { 'application/json': { schema: errorSchema } } },
      },
    };
  }
  cached = {
    openapi: '3.1.0',
    info: { title: 'Milheiro API', version: '1' },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'milheiro_session' } } },
    security: [{ session: [] }],
    paths,
  };
  return cached;
}
