import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalSentSchema } from '../../../domain/reports/report.schema';
import { emailSendJob } from '../../email/email.jobs';
import { jobContext } from '../../email/__tests__/email-fixtures';
import { startSmtpServer, type SmtpTestServer } from '../../email/__tests__/smtp-test-server';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { pdfThread } from '../pdf/pdf-thread';

/**
 * "Enviar Proposta" (issue #19): the quote's proposal PDF (what the client pays and how, never what
 * the agency paid or earns), e-mailed with the PDF attached through a real SMTP server on
 * 127.0.0.1, the quote marked sent; a client without e-mail gets the PDF only; a declined quote and
 * another agency's are refused. On the engine under test.
 */
let ctx: TestContext;
let smtp: SmtpTestServer;
let cookie: string;
let agencyId: string;
let withEmail: { clientId: string; accountId: string };
let withoutEmail: { clientId: string; accountId: string };

const CLOCK = { 'x-test-today': '2026-03-15' };
const dir = mkdtempSync(path.join(tmpdir(), 'milheiro-proposal-'));
const pdfText = (bytes: Uint8Array) => {
  const file = path.join(dir, `p-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

async function customer(name: string, email: string | null, n: number) {
  const client = await createClientRow(ctx.handle.db, agencyId, { name, email, document: validCpf(930_000 + n) });
  const account = await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
    client_id: client.id,
    program: 'LATAM',
    account_number: `PROP-${n}`,
  });
  await createLotRow(ctx.handle.db, agencyId, account.id, {
    original_quantity: 80_000,
    remaining_quantity: 80_000,
    cost_per_thousand: '24.3700',
    total_cost_cents: 194_960,
    expiry_date: '2027-01-01',
  });
  return { clientId: client.id, accountId: account.id };
}

async function quote(c: { clientId: string; accountId: string }) {
  const res = await call(ctx.app, 'POST', '/api/v1/quotes', {
    cookie,
    headers: CLOCK,
    body: {
      program: 'LATAM',
      client_id: c.clientId,
      account_id: c.accountId,
      miles: '40000',
      fees_cents: '312,45',
      rav_cents: '50,00',
      rav_mode: 'cost',
      markup_percent: '15',
      route: 'nat gru lis',
      departure_date: '2026-05-10',
      return_date: '2026-05-25',
      passengers: ['Inês Cavalcanti', 'Otávio Cavalcanti'],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; price_cents: number };
}

const send = (id: string, as = cookie) =>
  call(ctx.app, 'POST', `/api/v1/quotes/${id}/proposal`, { cookie: as, headers: CLOCK });

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  smtp = await startSmtpServer();
  ({ cookie, agencyId } = await signedInAgency(ctx));
  withEmail = await customer('Inês Cavalcanti', 'ines.cavalcanti@exemplo.com.br', 1);
  withoutEmail = await customer('Otávio Lima', null, 2);
});

afterAll(async () => {
  await pdfThread.stop();
  await smtp.close();
  await ctx?.close();
});

describe('POST /api/v1/quotes/:id/proposal', () => {
  it("renders the client's proposal, e-mails it with the PDF attached, and marks the quote sent", async () => {
    const q = await quote(withEmail);
    const res = await send(q.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = proposalSentSchema.parse(res.body);
    expect(sent).toMatchObject({ emailed_to: 'ines.cavalcanti@exemplo.com.br', quote_status: 'sent' });
    expect(sent.report).toMatchObject({ ref_type: 'quote', ref_id: q.id });

    const file = await ctx.app.request(`http://localhost${sent.report.link.url}`, { headers: { cookie } });
    expect(file.status).toBe(200);
    const text = pdfText(new Uint8Array(await file.arrayBuffer()));
    const price = `R$ ${(q.price_cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`;
    for (const expected of [
      'Proposta de viagem',
      'Para Inês Cavalcanti',
      'NAT – GRU – LIS',
      '10/05/2026',
      '25/05/2026',
      'Otávio Cavalcanti',
      price,
      'PIX à vista',
      'Proposta válida até',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Never what the agency paid or earns.
    for (const hidden of ['24,37', 'Margem', 'margem', 'Custo', 'custo', 'markup'])
      expect(text, hidden).not.toContain(hidden);

    const job = emailSendJob({
      smtpUrl: smtp.url,
      from: 'Milheiro <nao-responda@milheiro.test>',
      appUrl: 'https://app.milheiro.test',
    });
    await job.handle({}, jobContext(ctx.handle.db));
    expect(smtp.received).toHaveLength(1);
    const { to, mail } = smtp.received[0]!;
    expect(to).toEqual(['ines.cavalcanti@exemplo.com.br']);
    expect(mail.subject).toMatch(/^Proposta de viagem NAT → GRU → LIS — /);
    expect(mail.text).toMatch(/Olá, Inês Cavalcanti!/i);
    expect(mail.html).toContain('Olá, Inês Cavalcanti!');
    expect(mail.text?.replace(/\u00a0/g, ' ')).toContain(price);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.filename).toBe(sent.report.file_name);
    expect(pdfText(new Uint8Array(attachment!.content))).toContain('Proposta de viagem');

    // Sent again: another PDF and e-mail; the quote stays sent.
    const again = await send(q.id);
    expect(again.status).toBe(200);
    expect(again.body.quote_status).toBe('sent');
  });

  it("without the client's e-mail, the PDF only; a declined quote and another agency's are refused", async () => {
    const q = await quote(withoutEmail);
    const res = await send(q.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ emailed_to: null, quote_status: 'sent' });

    const declined = await quote(withEmail);
    const status = await call(ctx.app, 'POST', `/api/v1/quotes/${declined.id}/status`, {
      cookie,
      headers: CLOCK,
      body: { status: 'declined' },
    });
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    const refused = await send(declined.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('rascunho');

    const stranger = await signedInAgency(ctx);
    expect((await send(q.id, stranger.cookie)).status).toBe(404);
    expect((await send('not-a-uuid')).status).toBe(404);
  });
});
