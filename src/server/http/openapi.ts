import { describeRoute } from 'hono-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { canAccess, type RouteAccess } from '../../domain/auth/roles';
import type { AppEnv } from './context';
import { forbidden } from './errors';

/**
 * What a route declares about itself for the OpenAPI document (/api/openapi.json). Every route
 * carries one as its first handler (`.get('/', apiDoc({...}), handler)`); the document is
 * generated from the mounted routes, so a route without one is missing from it, which
 * src/server/__tests__/openapi.test.ts refuses. The schemas are the ones the route parses with
 * readJson/parseOrThrow; documenting does not validate.
 */
export interface ApiDoc {
  tag: ApiTag;
  /** camelCase verb first, unique across the API: client generators name their methods after it. */
  operationId: string;
  summary: string;
  description?: string;
  /** Reachable without a session (no 401, no security requirement). */
  public?: boolean;
  /**
   * Who may call it once signed in: every member of the agency (the default) or only its admins;
   * apiDoc enforces it (403 FORBIDDEN) and the document says it as `x-access`
   * (docs/decisions/0026-team-and-roles.md).
   */
  access?: RouteAccess;
  /** Path parameters; each `:name` of the path must be here. */
  params?: z.ZodObject;
  /** Query string, documented as one parameter per key. */
  query?: z.ZodObject;
  /** JSON body, documented as the request body's application/json schema. */
  body?: z.ZodType;
  response: SuccessDoc;
  /** Refusals this route answers besides the ones every route of its kind can (401, 403, 415, 413, 500). */
  errors?: readonly RouteErrorStatus[];
}

export const API_TAGS = {
  system: 'Health and this document',
  auth: 'Sign-up, sign-in and own sessions',
  agency: 'The agency record and its settings',
  me: "The signed-in user's own preferences",
  clients: 'Clients and their loyalty accounts',
  accounts: 'Loyalty accounts across clients and the agency',
  lots: 'Miles lots: purchases, balances, expiry',
  emissions: 'Ticket emissions and their lifecycle',
  quotes: 'Price quotes saved from the simulator: status, payment options, expiry',
  transfers: "Transfers of points with bonus, the miles still to be credited, and the points programmes' ratios",
  clubs: 'Club subscriptions: each month, on its billing day, the miles become a lot and the price is posted',
  cards: 'Credit cards, lots bought on them in instalments, and the instalments to pay by due date',
  suppliers: 'The suppliers the agency buys miles and points from, with what it bought from each in a period',
  sales: 'Sales of miles to buyers at a price per thousand, their profit, and the instalments to receive by due date',
  finance: 'Postings (money in and out) and the finance figures',
  rules: 'Per-program rules: minimum margin, default RAV, CPM cap, SLA target',
  alerts: 'Alerts: lots expiring, emissions past their SLA or below their minimum margin',
  notifications: "The signed-in user's notifications (the bell)",
  events: 'Real-time updates (Server-Sent Events)',
  webhooks: 'Webhook endpoints (Standard Webhooks) and their deliveries',
  email: 'E-mails sent or kept in the outbox',
  imports: 'CSV and XLSX imports: upload, mapping, dry run, import, undo, presets',
  dashboard: 'The agency at a glance: KPIs, trends, rankings and charts',
  reports: 'PDF reports of an emission or a lot: generate, history, signed download links',
  audit: 'The audit log (admins): who changed what, when and from where; LGPD requests about a client',
  team: "The agency's users, their roles and invitations (admins), and the public accept page's invitation",
  backups: "The embedded database's backups (admins): the last ones and a signed link to the newest",
} as const;
export type ApiTag = keyof typeof API_TAGS;

type SuccessDoc = {
  status: 200 | 201 | 202 | 204;
  description: string;
  content?: Record<string, { schema: object }>;
  headers?: Record<string, { description: string; schema: object }>;
};

/** A JSON answer; without a schema, an object whose shape is not yet a shared zod schema. */
export function json(description: string, schema?: z.ZodType, status: 200 | 201 | 202 = 200): SuccessDoc {
  return {
    status,
    description,
    content: { 'application/json': { schema: schema ? toSchema(schema, 'output') : { type: 'object' } } },
  };
}

export function csv(description: string): SuccessDoc {
  return { status: 200, description, content: { 'text/csv': { schema: { type: 'string' } } } };
}

/** A file answered as it is (a PDF, a backup). */
export function file(description: string, mediaType: string): SuccessDoc {
  return { status: 200, description, content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } };
}

export function pdf(description: string): SuccessDoc {
  return file(description, 'application/pdf');
}

export function noContent(description: string, headers?: Record<string, string>): SuccessDoc {
  return {
    status: 204,
    description,
    ...(headers
      ? {
          headers: Object.fromEntries(
            Object.entries(headers).map(([name, about]) => [name, { description: about, schema: { type: 'string' } }]),
          ),
        }
      : {}),
  };
}

/** `/:id` where the id is a UUID (anything else is a 404, see uuidParam). */
export const uuidIdParams = z.object({ id: z.uuid() });

export const ERROR_RESPONSES = {
  400: {
    name: 'BadRequest',
    description: 'Invalid input: VALIDATION_ERROR with a message per field in `fields`, or INVALID_JSON',
  },
  401: {
    name: 'Unauthorized',
    description: 'No live session (UNAUTHENTICATED) or wrong credentials (INVALID_CREDENTIALS)',
  },
  403: {
    name: 'Forbidden',
    description: 'Refused: a state-changing request from another origin (CROSS_ORIGIN), or not allowed (FORBIDDEN)',
  },
  404: {
    name: 'NotFound',
    description: 'The resource does not exist in this agency (an id that is not a UUID included)',
  },
  409: { name: 'Conflict', description: 'The request conflicts with the current state; `code` says which rule' },
  410: { name: 'Gone', description: 'A link that can no longer be used (used, expired or revoked); `code` says which' },
  413: {
    name: 'PayloadTooLarge',
    description: 'PAYLOAD_TOO_LARGE: the JSON body is over 1 MB (JSON_BODY_LIMIT_BYTES)',
  },
  415: { name: 'UnsupportedMediaType', description: 'A request body that is not application/json' },
  429: { name: 'TooManyRequests', description: 'Too many attempts; retry after the seconds in Retry-After' },
  500: { name: 'InternalError', description: 'Unexpected failure (INTERNAL); the server logged it' },
  503: { name: 'Unavailable', description: 'UNAVAILABLE: the service this route needs is not running in this process' },
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;
type RouteErrorStatus = 400 | 401 | 404 | 409 | 410 | 429 | 503;

/** The body of every error answer (AppError.toBody, app.onError). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string().meta({ description: 'Stable machine-readable code, e.g. VALIDATION_ERROR, LOT_NOT_FOUND' }),
    message: z.string().meta({ description: 'Portuguese message for the user' }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Per-field Portuguese messages, keyed by the field path' }),
    details: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'Machine-readable figures, e.g. the missing miles of INSUFFICIENT_MILES' }),
  }),
});

export const errorRef = (status: ErrorStatus) => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` });

/**
 * JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) of a zod schema: what a client sends
 * (`input`) or receives (`output`). Transforms and refinements have no JSON Schema form, so
 * they document their input type.
 */
export function toSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

function parameters(where: 'path' | 'query', schema: z.ZodObject) {
  const described = toSchema(schema, 'input') as {
    properties?: Record<string, { description?: string }>;
    required?: string[];
  };
  return Object.entries(described.properties ?? {}).map(([name, { description, ...prop }]) => ({
    name,
    in: where,
    required: where === 'path' || (described.required ?? []).includes(name),
    ...(description ? { description } : {}),
    schema: prop,
  }));
}

export function apiDoc(doc: ApiDoc): MiddlewareHandler {
  const access: RouteAccess = doc.access ?? 'member';
  const errors = new Set<ErrorStatus>([...(doc.errors ?? []), 500]);
  if (!doc.public) errors.add(401);
  if (access === 'admin') errors.add(403);
  if (doc.body) {
    errors.add(400);
    errors.add(413);
  }
  if (doc.query) errors.add(400);
  if (doc.params) errors.add(404);
  const { status, ...success } = doc.response;
  const described = describeRoute({
    tags: [doc.tag],
    ...(doc.public ? {} : { 'x-access': access }),
    operationId: doc.operationId,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.public ? { security: [] } : {}),
    parameters: [
      ...(doc.params ? parameters('path', doc.params) : []),
      ...(doc.query ? parameters('query', doc.query) : []),
    ],
    ...(doc.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(doc.body, 'input') } } } }
      : {}),
    responses: {
      [status]: success,
      ...Object.fromEntries([...errors].sort((a, b) => a - b).map((s) => [s, errorRef(s)])),
    },
  });
  if (access === 'member') return described;
  // The route's own check, carrying describeRoute's marker so the document still finds the route.
  const enforce: MiddlewareHandler<AppEnv> = async (c, next) => {
    const session = c.var.session as AppEnv['Variables']['session'] | undefined;
    if (!session || !canAccess(session.role, access)) throw forbidden();
    await next();
  };
  return Object.assign(enforce, described);
}
