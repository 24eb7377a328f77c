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
