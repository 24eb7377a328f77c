import type { Hono } from 'hono';
import { describeRoute, generateSpecs } from 'hono-openapi';
import { z } from 'zod';
import { SESSION_COOKIE } from './auth/sessions';
import { API_TAGS, apiDoc, apiErrorSchema, ERROR_RESPONSES, errorRef, json, toSchema } from './http/openapi';

export const healthDoc = apiDoc({
  tag: 'system',
  operationId: 'getHealth',
  summary: 'Liveness: the process answers',
  public: true,
  response: json('The process is up', z.object({ ok: z.literal(true) })),
});

export const readyDoc = [
  apiDoc({
    tag: 'system',
    operationId: 'getReadiness',
    summary: 'Readiness: the process can serve (its database answers and its migrations are current)',
    description:
      'For a load balancer: 200 while this process can serve; 503 `{ ok: false, reason }` while it is stopping, its database does not answer within 2 s, or the database is not migrated to the version this build expects. Liveness is GET /api/health.',
    public: true,
    response: json('Ready', z.object({ ok: z.literal(true) })),
  }),
  // Its 503 is not the error shape, so it is described here rather than by apiDoc's errors.
  describeRoute({
    responses: {
      503: {
        description: 'Not ready; `reason` says why, in Portuguese',
        content: {
          'application/json': {
            schema: toSchema(z.object({ ok: z.literal(false), reason: z.string() }), 'output'),
          },
        },
      },
    },
  }),
] as const;

export const openApiDoc = apiDoc({
  tag: 'system',
  operationId: 'getOpenApiDocument',
  summary: 'This OpenAPI 3.1 document',
  public: true,
  response: json('The document'),
});

/** sameOriginOnly refuses any state-changing request from another origin or with a non-JSON body. */
const STATE_CHANGING = { responses: { 403: errorRef(403), 415: errorRef(415) } };

const documents = new WeakMap<object, Promise<object>>();

/**
 * The OpenAPI 3.1 document of an app, generated from its mounted routes: each route's apiDoc()
 * (src/server/http/openapi.ts) is read by hono-openapi, so a route without one is absent, and
 * the document cannot list a route that is not served. Built once per app.
 */
export function buildOpenApiDocument(app: Hono<any, any, any>): Promise<object> {
  let document = documents.get(app);
  if (!document) {
    document = generateSpecs(app, {
      documentation: {
        openapi: '3.1.0',
        info: {
          title: 'Milheiro API',
          version: '1',
          description:
            'Back office of a travel agency that buys airline miles into lots and issues tickets with them. Messages are in Brazilian Portuguese; every error answer is `{ error: { code, message, fields?, details? } }`.',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        // Paths carry their full /api prefix, so the one server is this origin's root.
        servers: [{ url: '/', description: 'The server that serves this document' }],
        tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
        security: [{ session: [] }],
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description: 'Set by sign-up and sign-in (HttpOnly, SameSite=Lax)',
            },
          },
          schemas: { Error: toSchema(apiErrorSchema, 'output') },
          responses: Object.fromEntries(
            Object.values(ERROR_RESPONSES).map(({ name, description }) => [
              name,
              { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
            ]),
          ),
        },
      },
      // The default drops paths whose last segment has a dot, which would hide /api/openapi.json.
      excludeStaticFile: false,
      defaultOptions: { POST: STATE_CHANGING, PUT: STATE_CHANGING, PATCH: STATE_CHANGING, DELETE: STATE_CHANGING },
    });
    documents.set(app, document);
  }
  return document;
}
