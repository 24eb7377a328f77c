import { Hono } from 'hono';
import { z } from 'zod';
import { ruleInputSchema, ruleListSchema, ruleSchema, ruleUpdateSchema } from '../../domain/rules/rule.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json, noContent, uuidIdParams } from '../http/openapi';
import { readJson, uuidParam } from '../http/validate';
import { ruleNotFound } from './rules.errors';
import { createRule, deleteRule, getRuleDetail, listRules, updateRule } from './rules.service';

const ruleId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', ruleNotFound);

/** The body is parsed by the service (field messages in Portuguese). */
const anyJson = z.unknown();

const docs = {
  list: apiDoc({
    tag: 'rules',
    operationId: 'listRules',
    summary: "The agency's program rules, by program, and the defaults a program without a rule uses",
    response: json('Every rule (one per program at most) and `defaults`', ruleListSchema),
  }),
  create: apiDoc({
    tag: 'rules',
    operationId: 'createRule',
    access: 'admin',
    summary: "A program's rule: minimum margin (R$ and %), default RAV, optional CPM cap, SLA target",
    description:
      'Amounts in centavos (or as typed, "50,00"); percent and CPM cap as decimal text. One rule per program: a second one is refused on `program`.',
    body: ruleInputSchema,
    response: json('The rule', ruleSchema, 201),
  }),
  get: apiDoc({
    tag: 'rules',
    operationId: 'getRule',
    summary: 'A rule',
    params: uuidIdParams,
    response: json('The rule', ruleSchema),
  }),
  update: apiDoc({
    tag: 'rules',
    operationId: 'updateRule',
    access: 'admin',
    summary: "Save a rule's values whole; its program cannot change",
    params: uuidIdParams,
    body: ruleUpdateSchema,
    response: json('The rule', ruleSchema),
    errors: [404],
  }),
  delete: apiDoc({
    tag: 'rules',
    operationId: 'deleteRule',
    access: 'admin',
    summary: 'Delete a rule: its program goes back to the defaults',
    params: uuidIdParams,
    response: noContent('Deleted'),
    errors: [404],
  }),
};

export const rulesRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => c.json(await listRules(c.var.db, c.var.session.agencyId)))
  .post('/', docs.create, async (c) => {
    const body = await readJson(c, anyJson);
    const { agencyId, userId } = c.var.session;
    return c.json(await createRule(c.var.db, { agencyId, userId }, body), 201);
  })
  .get('/:id', docs.get, async (c) => {
    const id = ruleId(c);
    return c.json(await getRuleDetail(c.var.db, { agencyId: c.var.session.agencyId, id }));
  })
  .put('/:id', docs.update, async (c) => {
    const id = ruleId(c);
    const body = await readJson(c, anyJson);
    const { agencyId, userId } = c.var.session;
    return c.json(await updateRule(c.var.db, { agencyId, userId }, id, body));
  })
  .delete('/:id', docs.delete, async (c) => {
    const id = ruleId(c);
    const { agencyId, userId } = c.var.session;
    await deleteRule(c.var.db, { agencyId, userId }, id);
    return c.body(null, 204);
  });
