import path from 'node:path';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../app';
import { apiDoc, json } from '../http/openapi';
import { buildOpenApiDocument } from '../openapi';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

// Serving the document reads the routes only, never the database.
const app = createApp({ db: undefined as never, logger: pino({ level: 'silent' }) });

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: object }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
};
type Document = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>>; components: any };

async function servedDocument(): Promise<Document> {
  const res = await app.request('http://localhost/api/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Document;
}

/** "get /api/v1/lots/{id}" for every route an app serves under /api/ (middleware, mounted with ALL, aside). */
function mountedOperations(hono: Hono<any, any, any>): string[] {
  const ops = new Set<string>();
  for (const route of hono.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    ops.add(`${route.method.toLowerCase()} ${route.path.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}')}`);
  }
  return [...ops].sort();
}

function documentedOperations(doc: Document): string[] {
  return Object.entries(doc.paths)
    .flatMap(([p, item]) =>
      Object.keys(item)
        .filter((m) => HTTP_METHODS.includes(m))
        .map((m) => `${m} ${p}`),
    )
    .sort();
}

function operations(doc: Document): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([m]) => HTTP_METHODS.includes(m))
      .map(([m, op]) => [`${m} ${p}`, op] as [string, Operation]),
  );
}

describe('OpenAPI document', () => {
  it('documents every route the app serves under /api, and nothing else', async () => {
    const doc = await servedDocument();
    const mounted = mountedOperations(app);
    expect(mounted.length).toBeGreaterThan(40);
    expect(mounted.filter((op) => !documentedOperations(doc).includes(op))).toEqual([]);
    expect(documentedOperations(doc)).toEqual(mounted);
  });

  it('misses a route mounted without apiDoc, so the walk above fails for it', async () => {
    const toy = new Hono()
      .get(
        '/api/v1/things/:id',
        apiDoc({ tag: 'lots', operationId: 'getThing', summary: 'A thing', response: json('The thing') }),
        (c) => c.json({}),
      )
      .post('/api/v1/things', (c) => c.json({}, 201));
    const doc = (await buildOpenApiDocument(toy)) as Document;
    expect(mountedOperations(toy).filter((op) => !documentedOperations(doc).includes(op))).toEqual([
      'post /api/v1/things',
    ]);
  });

  it('gives each operation an operationId, a summary, a tag, a success answer and a 4xx where one can happen', async () => {
    const doc = await servedDocument();
    const ids = new Set<string>();
    for (const [name, op] of operations(doc)) {
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(op.operationId!), `${name}: operationId ${op.operationId} repeated`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary, name).toBeTruthy();
      expect(op.tags, name).toHaveLength(1);
      expect(
        Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s)),
        name,
      ).toHaveLength(1);
      expect(op.responses['500'], name).toEqual({ $ref: '#/components/responses/InternalError' });
      if (op.requestBody) expect(Object.keys(op.responses), name).toEqual(expect.arrayContaining(['400', '413']));
      if (op.parameters?.some((p) => p.in === 'path')) expect(op.responses['404'], name).toBeDefined();
      if (!name.startsWith('get '))
        expect(Object.keys(op.responses), name).toEqual(expect.arrayContaining(['403', '415']));
    }
  });

  it('documents GET /api/v1/lots/{id}/allocations with its id and its page query', async () => {
    const op = (await servedDocument()).paths['/api/v1/lots/{id}/allocations']?.get;
    expect(op?.operationId).toBe('listLotAllocations');
    expect(op?.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['path id', 'query page', 'query limit']);
    expect(op?.parameters?.[0]).toMatchObject({ required: true, schema: { type: 'string', format: 'uuid' } });
    expect(Object.keys(op?.responses ?? {})).toEqual(['200', '400', '401', '404', '500']);
  });

  it('lists queries as parameters with schemas and JSON bodies as request bodies, from the schemas the routes parse', async () => {
    const doc = await servedDocument();
    for (const [name, op] of operations(doc)) {
      for (const p of op.parameters ?? []) expect(p.schema, `${name} ${p.in} ${p.name}`).toBeTypeOf('object');
      if (op.requestBody) expect(Object.keys(op.requestBody.content), name).toEqual(['application/json']);
    }
    expect(doc.paths['/api/v1/emissions']?.post?.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { passengers: expect.any(Object), lot_ids: expect.any(Object) },
    });
    expect(doc.paths['/api/v1/clients/export']?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['search', 'status']),
    );
    expect(doc.paths['/api/v1/auth/sessions/{id}']?.delete?.parameters?.[0]?.schema).toMatchObject({
      pattern: '^[0-9a-f]{64}$',
    });
  });

  it('documents content types: CSV for exports, no content for 204, JSON with the shared error shape for errors', async () => {
    const doc = await servedDocument();
    expect(doc.paths['/api/v1/lots/export']?.get?.responses['200']?.content).toHaveProperty('text/csv');
    expect(doc.paths['/api/v1/clients/export']?.get?.responses['200']?.content).toHaveProperty('text/csv');
    expect(doc.paths['/api/v1/lots/{id}']?.delete?.responses['204']).toEqual({ description: 'Deleted' });
    expect(doc.components.responses.NotFound.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(doc.components.schemas.Error).toMatchObject({
      required: ['error'],
      properties: {
        error: {
          required: ['code', 'message'],
          properties: { fields: { type: 'object' }, details: { type: 'object' } },
        },
      },
    });
    expect(z.object({ url: z.string() }).array().min(1).safeParse(doc.servers).success).toBe(true);
  });

  it("passes Redocly's recommended lint with no error or warning (redocly.yaml, accepted exceptions in .redocly.lint-ignore.yaml)", async () => {
    const doc = await servedDocument();
    const config = await loadConfig({ configPath: path.join(ROOT, 'redocly.yaml') });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: path.join(ROOT, 'openapi.json'),
      config,
    });
    const reported = problems
      .filter((p) => !p.ignored)
      .map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(reported).toEqual([]);
    // Every accepted exception still matches a problem, so the ignore file cannot go stale.
    expect(problems.filter((p) => p.ignored)).toHaveLength(4);
  });
});
