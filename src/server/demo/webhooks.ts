import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { webhook_endpoints } from '../db/schema';
import { ENDPOINT_GONE_REASON } from '../webhooks/webhooks.jobs';
import { newWebhookSecret } from '../webhooks/signing';

/**
 * The demo agency's integration (issue #16): its ERP listens to emissions through one webhook
 * endpoint, and its deliveries log holds the last 30 days of emissions, delivered — a few after a
 * retry (a 503, a timeout), as a real log has them. A second endpoint, its old CRM, was disabled by
 * a 410. Deterministic (hashes of the ids). The demo runs offline: what the visitor does is queued
 * to the ERP's address and waits in the log, retried, as it would while that address is down.
 */
export async function seedDemoWebhooks(db: Database, { agencyId }: { agencyId: string }) {
  const [erp] = await db
    .insert(webhook_endpoints)
    .values({
      agency_id: agencyId,
      url: 'https://erp.potiguarmilhas.com.br/integracoes/milheiro',
      description: 'ERP financeiro: lança a venda de cada emissão',
      event_types: ['emission.created', 'emission.issued', 'emission.cancelled'],
      secret: newWebhookSecret(),
      created_at: sql`now() - interval '200 days'`,
      updated_at: sql`now() - interval '200 days'`,
    })
    .returning({ id: webhook_endpoints.id });
  await db.insert(webhook_endpoints).values({
    agency_id: agencyId,
    url: 'https://crm-antigo.potiguarmilhas.com.br/hooks/milheiro',
    description: 'CRM antigo (desativado)',
    event_types: ['client.created', 'alert.created'],
    secret: newWebhookSecret(),
    enabled: false,
    disabled_reason: ENDPOINT_GONE_REASON,
    created_at: sql`now() - interval '320 days'`,
    updated_at: sql`now() - interval '90 days'`,
  });
  await db.execute(sql`
    INSERT INTO webhook_deliveries (agency_id, id, endpoint_id, event_type, message_id, payload, status, attempts,
      next_attempt_at, last_status_code, last_error, last_duration_ms, last_attempt_at, created_at, delivered_at)
    SELECT ${agencyId}, d.id, ${erp!.id}, d.type, 'msg_' || replace(d.id::text, '-', ''),
      jsonb_build_object('type', d.type, 'timestamp', to_char(d.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'data', jsonb_build_object('id', d.emission_id, 'pnr', d.pnr, 'route', d.route, 'status', d.status,
          'revenue_cents', d.revenue_cents, 'margin_cents', d.margin_cents)),
      'delivered', d.attempts, d.at, 200, NULL, 60 + d.h % 340, d.at + (d.attempts - 1) * interval '5 seconds', d.at,
      d.at + (d.attempts - 1) * interval '5 seconds'
    FROM (
      SELECT gen_random_uuid() AS id, e.id AS emission_id, e.pnr, e.route, e.status, e.revenue_cents, e.margin_cents,
        x.type, x.at, abs(hashtext(e.id::text || x.type)) AS h,
        CASE WHEN abs(hashtext(e.id::text || x.type)) % 23 = 0 THEN 2 ELSE 1 END AS attempts
      FROM emissions e
      CROSS JOIN LATERAL (VALUES
        ('emission.created', e.created_at),
        ('emission.issued', e.issued_at),
        ('emission.cancelled', e.cancelled_at)
      ) AS x(type, at)
      WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL AND x.at IS NOT NULL
        AND x.at > now() - interval '30 days' AND x.at < now() - interval '1 minute'
    ) d`);
}
