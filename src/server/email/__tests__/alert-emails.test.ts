import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFS } from '../../../domain/agency/agency.schema';
import { withTenant } from '../../db/tenant';
import { OUTBOX_CHANNEL } from '../../events/events.queries';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createTestDb } from '../../testing/test-db';
import type { DbHandle } from '../../db/client';
import { agencyDayOf, queueAlertEmails } from '../alert-emails';
import { emailDigestJob } from '../email.jobs';
import { addUser, emissionAlert, jobContext, lotAlert, marginAlert, outboxOf, until } from './email-fixtures';

/**
 * Who gets which alert e-mail (issue #16): one outbox row per user who wants it, listing only the
 * kinds they switched on; e-mail off, no address or a daily digest: no immediate row; the digest the
 * next morning lists what they chose, once per day. On the engine under test.
 */
let handle: DbHandle;
let agencyId: string;
let owner: { id: string; email: string | null };

beforeAll(async () => {
  handle = await createTestDb();
  const made = await createAgencyWithUser(handle.db, { user: { name: 'Ana Conceição' } });
  agencyId = made.agency.id;
  owner = made.user;
});

afterAll(async () => {
  await handle.close();
});

beforeEach(async () => {
  await handle.db.execute(sql`DELETE FROM email_outbox`);
  await handle.db.execute(sql`DELETE FROM users WHERE agency_id = ${agencyId} AND id <> ${owner.id}`);
});

const queue = (alerts: Parameters<typeof queueAlertEmails>[1]['alerts'], agency = agencyId) =>
  withTenant(handle.db, agency, (tx) => queueAlertEmails(tx, { agencyId: agency, alerts }));

describe('immediate alert e-mails', () => {
  it('queue one row per user who wants them, with only the kinds each switched on', async () => {
    const { alert: lot, lot: lotRow } = await lotAlert(handle.db, agencyId, '2026-03-25');
    const margin = emissionAlert('margin_critical', 'Emissão ALR001 com margem abaixo do mínimo do programa');
    const noMargin = await addUser(handle.db, agencyId, {
      name: 'Bruno Sem Margem',
      email: 'bruno@example.com',
      prefs: { ...DEFAULT_NOTIFICATION_PREFS, margin_critical: false },
    });
    // An older row, saved before the frequency existed (and before the kinds were stored): the defaults.
    const legacy = await addUser(handle.db, agencyId, { name: 'Célia Antiga', email: 'celia@example.com', prefs: {} });
    await addUser(handle.db, agencyId, {
      name: 'Davi Sem E-mail',
      email: 'davi@example.com',
      prefs: { ...DEFAULT_NOTIFICATION_PREFS, email_notifications: false },
    });
    await addUser(handle.db, agencyId, {
      name: 'Eva Diária',
      email: 'eva@example.com',
      prefs: { ...DEFAULT_NOTIFICATION_PREFS, email_frequency: 'daily' },
    });
    await addUser(handle.db, agencyId, { name: 'Fábio Só Telefone', email: null });

    expect(await queue([lot, margin])).toBe(3);
    const rows = await outboxOf(handle.db, agencyId);
    const byUser = new Map(rows.map((r) => [r.user_id, r]));
    expect(new Set(rows.map((r) => r.to_address))).toEqual(
      new Set(['bruno@example.com', 'celia@example.com', owner.email]),
    );
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.template === 'alerts' && r.status === 'pending' && r.subject === null)).toBe(true);

    expect(byUser.get(owner.id)?.data).toEqual({
      user_name: 'Ana Conceição',
      alerts: [
        {
          id: lot.id,
          kind: 'lot_expiring',
          kind_label: 'Expiração',
          message: lot.message,
          link: `/lotes/${lotRow.id}`,
          expiry_date: '2026-03-25',
          margin_cents: null,
          revenue_cents: null,
        },
        {
          id: margin.id,
          kind: 'margin_critical',
          kind_label: 'Margem Crítica',
          message: margin.message,
          link: `/emissoes/${margin.emission_id}`,
          expiry_date: null,
          margin_cents: null,
          revenue_cents: null,
        },
      ],
    });
    expect(byUser.get(noMargin.id)?.data.alerts.map((a: { kind: string }) => a.kind)).toEqual(['lot_expiring']);
    expect(byUser.get(legacy.id)?.data.alerts).toHaveLength(2);
  });

  it('queue nothing, and nudge no sender, when nobody wants that kind', async () => {
    await handle.db.execute(sql`
      UPDATE users SET notification_prefs = notification_prefs || '{"sla_exceeded": false}'::jsonb
      WHERE id = ${owner.id}`);
    const heard: string[] = [];
    const unlisten = await handle.listen(OUTBOX_CHANNEL, (payload) => heard.push(payload));
    try {
      expect(await queue([emissionAlert('sla_exceeded', 'Emissão ALR002 em processamento além da meta de 24 h')])).toBe(
        0,
      );
      expect(await queue([])).toBe(0);
      expect(await outboxOf(handle.db, agencyId)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([]);

      // A kind the user wants: one row, and the sender is nudged once the transaction commits.
      const { alert } = await lotAlert(handle.db, agencyId, '2026-04-02');
      expect(await queue([alert])).toBe(1);
      await until(() => heard.includes('email'));
    } finally {
      await unlisten();
      await handle.db.execute(sql`
        UPDATE users SET notification_prefs = ${JSON.stringify(DEFAULT_NOTIFICATION_PREFS)}::jsonb WHERE id = ${owner.id}`);
    }
  });

  it('are written in the caller’s transaction: rolled back with it', async () => {
    const { alert } = await lotAlert(handle.db, agencyId, '2026-04-03');
    await expect(
      withTenant(handle.db, agencyId, async (tx) => {
        await queueAlertEmails(tx, { agencyId, alerts: [alert] });
        throw new Error('escrita desfeita');
      }),
    ).rejects.toThrow('escrita desfeita');
    expect(await outboxOf(handle.db, agencyId)).toEqual([]);
  });

  it('reach only the agency’s own users', async () => {
    const other = await createAgencyWithUser(handle.db);
    const { alert } = await lotAlert(handle.db, agencyId, '2026-04-04');
    expect(await queue([alert])).toBe(1);
    expect(await outboxOf(handle.db, other.agency.id)).toEqual([]);
  });
});

describe('the daily digest', () => {
  const digest = (now: string, extra: Record<string, string> = {}) =>
    emailDigestJob.handle({ agency_id: agencyId, now, ...extra }, jobContext(handle.db));

  it('lists the chosen kinds opened since the previous digest, once a day, never empty', async () => {
    await handle.db.execute(sql`DELETE FROM alerts WHERE agency_id = ${agencyId}`);
    // The owner gets alerts at once; Eva once a day, without margin alerts.
    const eva = await addUser(handle.db, agencyId, {
      name: 'Eva Diária',
      email: 'eva@example.com',
      prefs: { ...DEFAULT_NOTIFICATION_PREFS, email_frequency: 'daily', margin_critical: false },
    });
    const day1 = '2026-03-15T11:00:00.000Z'; // 08:00 in Brasília
    expect(agencyDayOf(day1)).toBe('2026-03-15');

    // Nothing opened in the last day: no digest.
    await digest(day1);
    expect(await outboxOf(handle.db, agencyId)).toEqual([]);

    const before = await lotAlert(handle.db, agencyId, '2026-03-20', '2026-03-13T10:00:00Z'); // too old
    const first = await lotAlert(handle.db, agencyId, '2026-03-25', '2026-03-14T15:00:00Z');
    const second = await lotAlert(handle.db, agencyId, '2026-03-28', '2026-03-15T02:00:00Z');
    // A margin alert Eva does not want, opened in the window.
    const margin = await marginAlert(handle.db, agencyId, '2026-03-14T16:00:00Z');
    await handle.db.execute(sql`UPDATE alerts SET resolved_at = '2026-03-15T05:00:00Z' WHERE id = ${second.alert.id}`);
    const later = await lotAlert(handle.db, agencyId, '2026-03-29', '2026-03-15T12:00:00Z'); // after 08:00

    await digest(day1);
    let rows = await outboxOf(handle.db, agencyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: eva.id, to_address: 'eva@example.com', template: 'alerts.digest' });
    expect(rows[0]!.data).toMatchObject({ user_name: 'Eva Diária', day: '2026-03-15' });
    // Not the one opened before the window, not the margin alert Eva switched off.
    expect(rows[0]!.data.alerts.map((a: { id: string }) => a.id)).toEqual([first.alert.id, second.alert.id]);
    expect([before.alert.id, margin.alert.id].some((id) => JSON.stringify(rows[0]!.data).includes(id))).toBe(false);
    expect(rows[0]!.data.alerts[0]).toMatchObject({
      opened_on: '2026-03-14',
      resolved: false,
      link: `/lotes/${first.lot.id}`,
    });
    expect(rows[0]!.data.alerts[1]).toMatchObject({ opened_on: '2026-03-14', resolved: true }); // 23:00 in Brasília

    // Again the same day (a retry, a second process): nothing more.
    await digest('2026-03-15T18:00:00.000Z');
    expect(await outboxOf(handle.db, agencyId)).toHaveLength(1);

    // The next morning: only what opened since the previous digest.
    await digest('2026-03-16T11:00:00.000Z');
    rows = await outboxOf(handle.db, agencyId);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.data.day).toBe('2026-03-16');
    expect(rows[1]!.data.alerts.map((a: { id: string }) => a.id)).toEqual([later.alert.id]);
  });

  it('leaves out the kinds switched off and the users who want e-mails at once or none', async () => {
    await handle.db.execute(sql`DELETE FROM alerts WHERE agency_id = ${agencyId}`);
    await addUser(handle.db, agencyId, {
      name: 'Gil Sem Expiração',
      email: 'gil@example.com',
      prefs: { ...DEFAULT_NOTIFICATION_PREFS, email_frequency: 'daily', lot_expiring: false },
    });
    await addUser(handle.db, agencyId, {
      name: 'Hugo Desligado',
      email: 'hugo@example.com',
      prefs: { ...DEFAULT_NOTIFICATION_PREFS, email_frequency: 'daily', email_notifications: false },
    });
    await lotAlert(handle.db, agencyId, '2026-05-25', '2026-05-14T15:00:00Z');
    await digest('2026-05-15T11:00:00.000Z');
    expect(await outboxOf(handle.db, agencyId)).toEqual([]);
  });

  it('takes its window from the payload when given', async () => {
    await handle.db.execute(sql`DELETE FROM alerts WHERE agency_id = ${agencyId}`);
    await addUser(handle.db, agencyId, {
      name: 'Íris Diária',
      email: 'iris@example.com',
      prefs: { ...DEFAULT_NOTIFICATION_PREFS, email_frequency: 'daily' },
    });
    const old = await lotAlert(handle.db, agencyId, '2026-06-25', '2026-06-01T15:00:00Z');
    await digest('2026-06-10T11:00:00.000Z', { since: '2026-05-31T00:00:00.000Z' });
    const [row] = await outboxOf(handle.db, agencyId);
    expect(row?.data.alerts.map((a: { id: string }) => a.id)).toEqual([old.alert.id]);
  });
});
