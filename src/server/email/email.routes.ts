import { Hono } from 'hono';
import { emailMessageSchema, emailOutboxListSchema, emailOutboxQuerySchema } from '../../domain/email/email.schema';
import type { AppDeps, AppEnv } from '../http/context';
import { apiDoc, json, uuidIdParams } from '../http/openapi';
import { parseOrThrow, uuidParam } from '../http/validate';
import { emailNotFound } from './email.errors';
import { getOutboxMessage, listOutbox } from './email.service';

/**
 * Whether SMTP_URL is set where the app runs (the outbox says why messages are held). Read from
 * the app's dependencies; AppDeps does not declare it yet (asked of the lead engineer), so the
 * field is read through this one narrow view.
 */
const smtpConfigured = (deps: AppDeps) => deps.smtpConfigured ?? false;

const docs = {
  list: apiDoc({
    tag: 'email',
    access: 'admin',
    operationId: 'listEmailOutbox',
    summary: 'The e-mails of the agency, sent, waiting, held (no SMTP configured) or failed, newest first',
    description:
      'Filter by `status`. `smtp_configured` false: no SMTP server is set, so messages are kept here (held) instead of sent.',
    query: emailOutboxQuerySchema,
    response: json('One page of the outbox', emailOutboxListSchema),
  }),
  get: apiDoc({
    tag: 'email',
    access: 'admin',
    operationId: 'getEmailOutboxMessage',
    summary: 'One e-mail of the outbox with its subject, HTML and plain-text parts',
    params: uuidIdParams,
    response: json('The message', emailMessageSchema),
  }),
};

/**
 * The outbox (/config → Notificações). Every user of an agency is its admin today; when roles
 * arrive (#20) these routes become the admin's only.
 */
export const emailRoutes = new Hono<AppEnv>()
  .get('/outbox', docs.list, async (c) => {
    const query = parseOrThrow(emailOutboxQuerySchema, c.req.query());
    return c.json(
      await listOutbox(
        c.var.db,
        { agencyId: c.var.session.agencyId, smtpConfigured: smtpConfigured(c.var.deps) },
        query,
      ),
    );
  })
  .get('/outbox/:id', docs.get, async (c) => {
    const id = uuidParam(c, 'id', emailNotFound);
    return c.json(await getOutboxMessage(c.var.db, { agencyId: c.var.session.agencyId, id }));
  });
