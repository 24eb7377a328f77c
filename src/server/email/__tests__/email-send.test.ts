import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFS } from '../../../domain/agency/agency.schema';
import { emailMessageSchema, emailOutboxListSchema } from '../../../domain/email/email.schema';
import { withTenant } from '../../db/tenant';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { queueAlertEmails } from '../alert-emails';
import { claimDueEmails, settleEmail } from '../email.queries';
import { emailDigestJob, emailSendJob, type EmailJobOptions } from '../email.jobs';
import { EMAIL_RETRY_DELAYS_SECONDS } from '../email.service';
import { addUser, jobContext, lotAlert, marginAlert, outboxOf } from './email-fixtures';
import { startSilentServer, startSmtpServer, type SmtpTestServer } from './smtp-test-server';

/**
 * E-mail out through a real SMTP server in this process (smtp-server on 127.0.0.1:0, mailparser to
 * read what arrived): content with accents in both parts, the recipient's choices, refusals retried
 * on the schedule or failed at once, a server that never answers costing one attempt and no request,
 * no SMTP at all keeping every message readable in the outbox. On the engine under test.
 */
let ctx: TestContext;
let smtp: SmtpTestServer;
let cookie: string;
let agencyId: string;
let user: { id: string; name: string; email: string | null };

const FROM = 'Milheiro <nao-responda@milheiro.test>';
const TODAY = '2026-03-15';
const CLOCK = { 'x-test-today': TODAY };

const sendJob = (options: Partial<EmailJobOptions> = {}) =>
  emailSendJob({ smtpUrl: smtp.url, from: FROM, appUrl: 'https://app.milheiro.test', ...options });
const runSend = (options: Partial<EmailJobOptions> = {}, now?: string) =>
  sendJob(options).handle(now ? { now } : {}, jobContext(ctx.handle.db));

const queue = (alerts: Parameters<typeof queueAlertEmails>[1]['alerts']) =>
  withTenant(ctx.handle.db, agencyId, (tx) => queueAlertEmails(tx, { agencyId, alerts }));

const outbox = () => outboxOf(ctx.handle.db, agencyId);
const later = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  smtp = await startSmtpServer();
  ({ cookie, agencyId, user } = await signedInAgency(ctx));
  await ctx.handle.db.execute(sql`UPDATE agencies SET trade_name = 'Viagens Açaí & Cia' WHERE id = ${agencyId}`);
});

afterAll(async () => {
  await smtp.close();
  await ctx.close();
});

afterEach(async () => {
  smtp.refuse = null;
  smtp.received.length = 0;
  await ctx.handle.db.execute(sql`DELETE FROM email_outbox`);
  await ctx.handle.db.execute(sql`
    UPDATE users SET notification_prefs = ${JSON.stringify(DEFAULT_NOTIFICATION_PREFS)}::jsonb WHERE id = ${user.id}`);
});

describe('sending', () => {
  it('delivers an alert e-mail with accents in subject and body, HTML and text parts, to its user, once', async () => {
    const { alert, emission } = await marginAlert(ctx.handle.db, agencyId);
    expect(await queue([alert])).toBe(1);

    await runSend();
    expect(smtp.received).toHaveLength(1);
    const [{ to, mail }] = smtp.received as [(typeof smtp.received)[number]];
    expect(to).toEqual([user.email]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(user.email);
    expect(mail.from?.value).toEqual([{ name: 'Milheiro', address: 'nao-responda@milheiro.test' }]);
    expect(mail.subject).toBe('Novo alerta: Margem Crítica');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.text).toContain(`Olá, ${user.name.split(' ')[0]}.`);
    expect(mail.text).toContain('Um novo alerta foi aberto em Viagens Açaí & Cia:');
    expect(mail.text).toContain(`Emissão ${emission.pnr} com margem abaixo do mínimo do programa`);
    expect(mail.text).toContain('Margem: R$\u00a012,34 (2,5% da receita)');
    expect(mail.text).toContain(`https://app.milheiro.test/emissoes/${emission.id}`);
    expect(mail.html).toContain('Margem Crítica');
    expect(mail.html).toContain('lang="pt-BR"');
    expect(mail.html).toContain(`href="https://app.milheiro.test/emissoes/${emission.id}"`);

    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, locked_until: null });
    expect(row?.sent_at).not.toBeNull();
    expect(row?.subject).toBe('Novo alerta: Margem Crítica');
    expect(mail.messageId).toBe(`<${row!.id}@milheiro.test>`);

    // Sent is sent: another run (the cron, a second process) finds nothing due.
    await runSend();
    expect(smtp.received).toHaveLength(1);
  });

  it('lists several alerts in one e-mail per user, and gives the daily reader a digest instead', async () => {
    await ctx.handle.db.execute(sql`DELETE FROM alerts WHERE agency_id = ${agencyId}`);
    const daily = await addUser(ctx.handle.db, agencyId, {
      name: 'Érica Diária',
      email: 'erica@example.com',
      prefs: { ...DEFAULT_NOTIFICATION_PREFS, email_frequency: 'daily' },
    });
    const now = new Date();
    const lot = await lotAlert(
      ctx.handle.db,
      agencyId,
      '2026-03-25',
      new Date(now.getTime() - 3_600_000).toISOString(),
    );
    const margin = await marginAlert(ctx.handle.db, agencyId, new Date(now.getTime() - 1_800_000).toISOString());
    expect(await queue([lot.alert, margin.alert])).toBe(1);
    await runSend();
    expect(smtp.received.map((m) => m.to)).toEqual([[user.email]]);
    expect(smtp.received[0]?.mail.subject).toBe('2 novos alertas no Milheiro');
    expect(smtp.received[0]?.mail.text).toContain('2 novos alertas foram abertos em Viagens Açaí & Cia:');

    await emailDigestJob.handle({ agency_id: agencyId, now: now.toISOString() }, jobContext(ctx.handle.db));
    await runSend();
    const digest = smtp.received.find((m) => m.to.includes('erica@example.com'));
    const day = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(now);
    expect(digest?.mail.subject).toBe(`Resumo diário: 2 alertas em ${day}`);
    expect(digest?.mail.text).toContain('Olá, Érica.');
    expect(digest?.mail.text).toContain('Vencimento: 25/03/2026');
    expect(digest?.mail.text).toContain(margin.alert.message);
    await ctx.handle.db.execute(sql`DELETE FROM users WHERE id = ${daily.id}`);
  });

  it('sends nothing to a user who switched the kind or e-mail off', async () => {
    await ctx.handle.db.execute(sql`
      UPDATE users SET notification_prefs = notification_prefs || '{"margin_critical": false}'::jsonb WHERE id = ${user.id}`);
    expect(await queue([(await marginAlert(ctx.handle.db, agencyId)).alert])).toBe(0);
    await ctx.handle.db.execute(sql`
      UPDATE users SET notification_prefs = '{"email_notifications": false}'::jsonb WHERE id = ${user.id}`);
    expect(await queue([(await lotAlert(ctx.handle.db, agencyId, '2026-03-30')).alert])).toBe(0);
    await runSend();
    expect(smtp.received).toEqual([]);
  });

  it('renders the webhooks’ "webhook.disabled" message', async () => {
    await ctx.handle.db.execute(sql`
      INSERT INTO email_outbox (agency_id, user_id, to_address, template, data)
      VALUES (${agencyId}, ${user.id}, ${user.email}, 'webhook.disabled', ${JSON.stringify({
        endpoint_id: crypto.randomUUID(),
        url: 'https://hooks.example.com/milheiro',
        reason: 'O receptor respondeu 410 (Gone): endereço desativado',
      })}::jsonb)`);
    await runSend();
    const mail = smtp.received[0]?.mail;
    expect(mail?.subject).toBe('Webhook desativado: hooks.example.com');
    expect(mail?.text).toContain('https://hooks.example.com/milheiro');
    expect(mail?.text).toContain('Motivo: O receptor respondeu 410 (Gone): endereço desativado');
    expect(mail?.html).toContain('https://app.milheiro.test/config?tab=webhooks');
  });

  it('fails a row it cannot render, with the reason, and goes on with the others', async () => {
    await ctx.handle.db.execute(sql`
      INSERT INTO email_outbox (agency_id, to_address, template, data)
      VALUES (${agencyId}, 'x@example.com', 'alerts', '{"user_name": "X", "alerts": []}'::jsonb),
        (${agencyId}, 'y@example.com', 'modelo.inexistente', '{}'::jsonb)`);
    await queue([(await lotAlert(ctx.handle.db, agencyId, '2026-03-31')).alert]);
    await runSend();
    const rows = new Map((await outbox()).map((r) => [r.to_address, r]));
    expect(rows.get('x@example.com')?.status).toBe('failed');
    expect(rows.get('x@example.com')?.last_error).toMatch(
      /^Falha ao montar o e-mail: Dados inválidos para o modelo de e-mail alerts/,
    );
    expect(rows.get('y@example.com')).toMatchObject({
      status: 'failed',
      last_error: 'Falha ao montar o e-mail: Modelo de e-mail desconhecido: modelo.inexistente',
    });
    expect(rows.get(user.email!)?.status).toBe('sent');
    expect(smtp.received).toHaveLength(1);
  });
});

describe('an SMTP server refusing', () => {
  it('fails at once on a permanent refusal of the recipient or of the message', async () => {
    smtp.refuse = { at: 'rcpt', code: 550, message: 'Caixa postal inexistente' };
    await queue([(await lotAlert(ctx.handle.db, agencyId, '2026-04-01')).alert]);
    await runSend();
    let [row] = await outbox();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.last_error).toMatch(
      /^O servidor SMTP recusou o destinatário definitivamente: 550 .*Caixa postal inexistente/,
    );

    await ctx.handle.db.execute(sql`DELETE FROM email_outbox`);
    smtp.refuse = { at: 'data', code: 554, message: 'Mensagem recusada como spam' };
    await queue([(await lotAlert(ctx.handle.db, agencyId, '2026-04-02')).alert]);
    await runSend();
    [row] = await outbox();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.last_error).toMatch(/^O servidor SMTP recusou a mensagem definitivamente: 554 .*spam/);
    expect(smtp.received).toEqual([]);
  });

  it('tries a temporary refusal again on the schedule (1 min, 5 min, 30 min, 2 h, 6 h), then fails', async () => {
    smtp.refuse = { at: 'rcpt', code: 451, message: 'Tente mais tarde' };
    await queue([(await lotAlert(ctx.handle.db, agencyId, '2026-04-03')).alert]);
    let now = new Date().toISOString();
    for (const [i, delay] of EMAIL_RETRY_DELAYS_SECONDS.entries()) {
      await runSend({}, now);
      const [row] = await outbox();
      expect(row).toMatchObject({ status: 'pending', attempts: i + 1, locked_until: null });
      expect(row?.last_error).toMatch(
        /^O servidor SMTP recusou o destinatário temporariamente: 451 .*Tente mais tarde/,
      );
      const next = new Date(row!.next_attempt_at).getTime();
      expect(next - Date.parse(now)).toBe(delay * 1000);
      // Not before it is due.
      await runSend({}, new Date(next - 1000).toISOString());
      expect((await outbox())[0]?.attempts).toBe(i + 1);
      now = new Date(next).toISOString();
    }
    await runSend({}, now);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'failed', attempts: 6 });
    expect(row?.last_error).toMatch(/temporariamente: 451 .*\(desistimos após 6 tentativas\)$/);
  });

  it('sends on the next attempt once the server takes it', async () => {
    smtp.refuse = { at: 'data', code: 452, message: 'Sem espaço no momento' };
    await queue([(await lotAlert(ctx.handle.db, agencyId, '2026-04-04')).alert]);
    await runSend();
    expect((await outbox())[0]).toMatchObject({ status: 'pending', attempts: 1 });
    smtp.refuse = null;
    await runSend({}, later(61));
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(smtp.received).toHaveLength(1);
  });
});

describe('an SMTP server that never answers', () => {
  it('costs one attempt with the timeout recorded, hands the rest back untried, and blocks no request', async () => {
    const silent = await startSilentServer();
    try {
      await queue([(await lotAlert(ctx.handle.db, agencyId, '2026-04-05')).alert]);
      await addUser(ctx.handle.db, agencyId, { name: 'Segunda Pessoa', email: 'segunda@example.com' });
      await queue([(await lotAlert(ctx.handle.db, agencyId, '2026-04-06')).alert]);
      expect(await outbox()).toHaveLength(3);

      let finished = false;
      const started = Date.now();
      const job = runSend({ smtpUrl: silent.url, timeoutMs: 1500 }).then(() => {
        finished = true;
      });
      // Requests do not wait on the sender: the outbox answers while it waits for the greeting.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const res = await call(ctx.app, 'GET', '/api/v1/email/outbox', { cookie });
      expect(res.status).toBe(200);
      expect(finished).toBe(false);
      expect(Date.now() - started).toBeLessThan(1500);
      await job;
      expect(silent.connections()).toBe(1);

      const rows = await outbox();
      const tried = rows.filter((r) => r.attempts === 1);
      expect(tried).toHaveLength(1);
      expect(tried[0]).toMatchObject({
        status: 'pending',
        last_error: 'Tempo esgotado: o servidor SMTP aceitou a conexão mas não respondeu à saudação',
      });
      // The others were not tried: no attempt counted, no lease kept, due with the one that failed.
      const untried = rows.filter((r) => r.attempts === 0);
      expect(untried).toHaveLength(2);
      for (const r of untried) {
        expect(r).toMatchObject({ status: 'pending', last_error: null, locked_until: null });
        expect(new Date(r.next_attempt_at).getTime()).toBe(new Date(tried[0]!.next_attempt_at).getTime());
      }
    } finally {
      await silent.close();
      await ctx.handle.db.execute(sql`DELETE FROM users WHERE agency_id = ${agencyId} AND id <> ${user.id}`);
    }
  });
});

describe('a sender killed mid-send', () => {
  it('leaves the row claimed until its lease runs out, then another sends it (at least once)', async () => {
    await queue([(await lotAlert(ctx.handle.db, agencyId, '2026-04-07')).alert]);
    // A process claims it and stalls (killed, or frozen) before settling it.
    const now = new Date().toISOString();
    const [stale] = await claimDueEmails(ctx.handle.db, { now, limit: 10, leaseSeconds: 300 });
    expect(stale).toBeDefined();
    await runSend({}, later(60));
    expect(smtp.received).toEqual([]);

    // Past the lease another process claims it; the stalled one waking up cannot settle it any more.
    const [fresh] = await claimDueEmails(ctx.handle.db, { now: later(301), limit: 10, leaseSeconds: 300 });
    expect(fresh?.id).toBe(stale!.id);
    await settleEmail(ctx.handle.db, {
      agencyId,
      id: stale!.id,
      lease: stale!.lease,
      outcome: { status: 'failed', error: 'resposta atrasada' },
    });
    expect((await outbox())[0]).toMatchObject({ status: 'pending', attempts: 2, last_error: null });

    // And once that one's lease runs out too, the next run sends it.
    await runSend({}, later(700));
    expect(smtp.received).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 3 });
  });
});

describe('without SMTP', () => {
  it('keeps each message rendered (held), readable through the outbox API', async () => {
    const { alert } = await lotAlert(ctx.handle.db, agencyId, '2026-04-08');
    await queue([alert]);
    await runSend({ smtpUrl: undefined });
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'held', attempts: 1, subject: 'Novo alerta: Expiração', locked_until: null });
    // Held is kept, not retried.
    await runSend({ smtpUrl: undefined }, later(86_400));
    expect((await outbox())[0]?.attempts).toBe(1);

    const list = await call(ctx.app, 'GET', '/api/v1/email/outbox?status=held', { cookie });
    expect(list.status).toBe(200);
    const page = emailOutboxListSchema.parse(list.body);
    expect(page.smtp_configured).toBe(false);
    expect(page.data).toEqual([
      expect.objectContaining({
        id: row!.id,
        to_address: user.email,
        status: 'held',
        subject: 'Novo alerta: Expiração',
      }),
    ]);
    const one = await call(ctx.app, 'GET', `/api/v1/email/outbox/${row!.id}`, { cookie });
    expect(one.status).toBe(200);
    const message = emailMessageSchema.parse(one.body);
    expect(message.text).toContain(alert.message);
    expect(message.text).toContain('Vencimento: 08/04/2026');
    expect(message.html).toContain('<html');
  });
});

describe('through the API', () => {
  // Depends on the alerts' opening calling queueAlertEmails (wired by the lead engineer in alerts.service.ts).
  it('a lot created inside the expiry window e-mails its alert to the user', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/lots', {
      cookie,
      headers: CLOCK,
      body: {
        program: 'SMILES',
        account_number: 'SM-777',
        original_quantity: '50000',
        cost_per_mile: '0,0200',
        purchase_date: '2026-03-01',
        expiry_date: '2026-03-25',
        supplier: 'Hotmilhas',
      },
    });
    expect(res.status).toBe(201);
    await runSend();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual([user.email]);
    expect(smtp.received[0]?.mail.subject).toBe('Novo alerta: Expiração');
    expect(smtp.received[0]?.mail.text).toContain('Vencimento: 25/03/2026');
    expect(smtp.received[0]?.mail.text).toContain(`https://app.milheiro.test/lotes/${res.body.id}`);
  });
});
