import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { accountsRoutes } from './accounts/accounts.routes';
import { agencyRoutes, meRoutes } from './agency/agency.routes';
import { auditRoutes } from './audit/audit.routes';
import { lgpdRoutes } from './audit/lgpd.routes';
import { authRoutes } from './auth/auth.routes';
import { clientsRoutes } from './clients/clients.routes';
import { emissionsRoutes } from './emissions/emissions.routes';
import { financeRoutes } from './finance/entries.routes';
import { reconciliationRoutes } from './finance/reconciliation.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { reportsRoutes } from './reports/reports.routes';
import { lotsRoutes } from './lots/lots.routes';
import { quotesRoutes } from './quotes/quotes.routes';
import { clubsRoutes } from './clubs/clubs.routes';
import { cardsRoutes, payablesRoutes } from './cards/cards.routes';
import { receivablesRoutes, salesRoutes } from './sales/sales.routes';
import { suppliersRoutes } from './suppliers/suppliers.routes';
import { conversionsRoutes, creditsRoutes, transfersRoutes } from './transfers/transfers.routes';
import { rulesRoutes } from './rules/rules.routes';
import { alertsRoutes } from './alerts/alerts.routes';
import { webhooksRoutes } from './webhooks/webhooks.routes';
import { emailRoutes } from './email/email.routes';
import { eventsRoutes } from './events/events.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { invitationRoutes } from './team/invitations.routes';
import { teamRoutes } from './team/team.routes';
import { apiBodyLimit } from './http/body-limit';
import { importPresetsRoutes, importsRoutes } from './imports/imports.routes';
import { backupsRoutes } from './backups/backups.routes';
import { busyError, isRetryableDbError } from './db/retry';
import { AppError, MESSAGES } from './http/errors';
import type { AppDeps, AppEnv } from './http/context';
import { requestToday, requireSession, sameOriginOnly } from './http/middleware';
import { turnAwayWhileStopping } from './http/lifecycle';
import { securityHeaders } from './http/security-headers';
import { buildOpenApiDocument, healthDoc, openApiDoc } from './openapi';
import { Metrics, recordRequests } from './ops/metrics';
import { opsRoutes } from './ops/ops.routes';

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // Read once: the page served and the CSP hash of its theme script come from the same text.
  const indexHtml = deps.webDir ? readFileSync(path.join(deps.webDir, 'index.html'), 'utf8') : undefined;
  const metrics = deps.metrics ?? new Metrics({ eventHub: deps.eventHub });

  // Outermost, so every answer is counted and timed: refusals, errors and static files too.
  app.use('*', recordRequests(metrics));
  // Before everything else, so every answer carries them: errors, 404s, static files and the app shell too.
  app.use('*', securityHeaders({ cookieSecure: deps.cookieSecure, indexHtml }));

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('requestId', c.req.header('x-request-id') ?? randomUUID());
    const started = performance.now();
    await next();
    if (c.req.path.startsWith('/api/')) {
      deps.logger.debug(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
          requestId: c.var.requestId,
        },
        'request',
      );
    }
  });

  // After the request log (a turned-away request is logged too), before anything reads a body or the session.
  app.use('*', turnAwayWhileStopping(deps.lifecycle));
  app.use('*', requestToday);
  // Before the session and anything else that could read a body.
  app.use('/api/*', apiBodyLimit);

  app.onError((err, c) => {
    // A deadlock or serialization failure no retry absorbed is a 503 to retry, never a 500 (decision 0011).
    if (isRetryableDbError(err)) {
      deps.logger.warn(
        { err, requestId: c.var.requestId, path: c.req.path },
        'deadlock or serialization failure, not retried',
      );
      err = busyError();
    }
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      return c.json(err.toBody(), err.status);
    }
    deps.logger.error({ err, requestId: c.var.requestId, path: c.req.path }, 'unhandled error');
    return c.json({ error: { code: 'INTERNAL', message: MESSAGES.serverError } }, 500);
  });

  app.get('/api/health', healthDoc, (c) => c.json({ ok: true }));
  app.get('/api/openapi.json', openApiDoc, async (c) => c.json(await buildOpenApiDocument(app)));
  // /api/ready and /metrics: outside the session and the same-origin check, before the web app's fallback.
  app.route('/', opsRoutes(deps, metrics));

  const api = new Hono<AppEnv>();
  api.use('*', sameOriginOnly, requireSession);
  api.route('/auth/invitations', invitationRoutes);
  api.route('/auth', authRoutes);
  api.route('/agency', agencyRoutes);
  api.route('/me', meRoutes);
  api.route('/clients', clientsRoutes);
  api.route('/clients', lgpdRoutes);
  api.route('/accounts', accountsRoutes);
  api.route('/lots', lotsRoutes);
  api.route('/emissions', emissionsRoutes);
  api.route('/quotes', quotesRoutes);
  api.route('/transfers', transfersRoutes);
  api.route('/credits', creditsRoutes);
  api.route('/conversions', conversionsRoutes);
  api.route('/clubs', clubsRoutes);
  api.route('/cards', cardsRoutes);
  api.route('/payables', payablesRoutes);
  api.route('/sales', salesRoutes);
  api.route('/suppliers', suppliersRoutes);
  api.route('/receivables', receivablesRoutes);
  api.route('/finance', financeRoutes);
  api.route('/rules', rulesRoutes);
  api.route('/reconciliation', reconciliationRoutes);
  api.route('/alerts', alertsRoutes);
  api.route('/webhooks', webhooksRoutes);
  api.route('/email', emailRoutes);
  api.route('/events', eventsRoutes);
  api.route('/notifications', notificationsRoutes);
  api.route('/imports', importsRoutes);
  api.route('/import-presets', importPresetsRoutes);
  api.route('/dashboard', dashboardRoutes);
  api.route('/reports', reportsRoutes);
  api.route('/audit', auditRoutes);
  api.route('/team', teamRoutes);
  api.route('/backups', backupsRoutes);
  api.all('*', () => {
    throw new AppError('NOT_FOUND', MESSAGES.notFound, { status: 404 });
  });
  app.route('/api/v1', api);
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', MESSAGES.notFound, { status: 404 });
  });

  if (deps.webDir) {
    const webDir = deps.webDir;
    app.use(
      '/assets/*',
      serveStatic({
        root: webDir,
        // The build's .br or .gz beside the file, as the browser's Accept-Encoding allows (vite.config.ts).
        precompressed: true,
        onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    app.use(
      '*',
      serveStatic({
        root: webDir,
        precompressed: true,
        // "/" finds index.html here, before the fallback below: the page is revalidated each visit,
        // so a deploy's new asset names reach the browser at once.
        // (`file` is what was sent: index.html.br when the browser takes brotli.)
        onFound: (file, c) => {
          if (/\.html(\.br|\.gz)?$/.test(file)) c.header('Cache-Control', 'no-cache');
        },
      }),
    );
    // The single-page app owns every other path (its router shows the 404 page).
    app.get('*', (c) => {
      // A missing file (an old asset name after a deploy) is a 404, not the app shell.
      if (c.req.path.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(c.req.path)) return c.notFound();
      c.header('Cache-Control', 'no-cache');
      return c.html(indexHtml!);
    });
  }

  return app;
}

export type App = ReturnType<typeof createApp>;
