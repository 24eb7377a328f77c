import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportCreatedSchema, reportListSchema } from '../../../domain/reports/report.schema';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { call, createTestContext, signedInAgency, signIn, type TestContext } from '../../testing/test-app';
import { pdfThread } from '../pdf/pdf-thread';

/**
 * PDF reports (issue #19): an emission's and a lot's PDF generated through the API on real data
 * (a lot bought, an emission drawing from it, postings), their text extracted with pdftotext
 * (poppler-utils) and checked for the figures; the history; the signed link (another session's or a
 * tampered token 403, expired after 600 s on a moved clock, another agency's report 404).
 */
let ctx: TestContext;
let cookie: string;
let agencyId: string;
let me: Awaited<ReturnType<typeof signedInAgency>>;
let emissionId: string;
let lotId: string;

const CLOCK = { 'x-test-today': '2026-03-15' };
const dir = mkdtempSync(path.join(tmpdir(), 'milheiro-reports-'));

/** The PDF's text as pdftotext lays it out (-layout keeps table rows on one line). */
function pdfText(bytes: Uint8Array): string {
  const file = path.join(dir, `r-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function download(url: string, as = cookie) {
  const res = await ctx.app.request(`http://localhost${url}`, { headers: { cookie: as } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  me = await signedInAgency(ctx);
  ({ cookie, agencyId } = me);
  const client = await createClientRow(ctx.handle.db, agencyId, { name: 'Conceição Araújo' });
  const account = await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
    client_id: client.id,
    program: 'SMILES',
    account_number: 'SM-778899',
  });
  const lot = await call(ctx.app, 'POST', '/api/v1/lots', {
    cookie,
    headers: CLOCK,
    body: {
      account_id: account.id,
      program: 'SMILES',
      original_quantity: '50000',
      cost_per_mile: '0,0185',
      purchase_date: '2026-02-01',
      expiry_date: '2027-02-01',
      supplier: 'Fornecedor Nordeste',
    },
  });
  expect(lot.status, JSON.stringify(lot.body)).toBe(201);
  lotId = lot.body.id;
  const emission = await call(ctx.app, 'POST', '/api/v1/emissions', {
    cookie,
    headers: CLOCK,
    body: {
      client_id: client.id,
      account_id: account.id,
      route: 'NAT-GRU-LIS',
      pnr: 'XYZ789',
      miles_used: 32_000,
      fees_cents: 45_678,
      revenue_cents: 389_900,
      rav_cents: 5_000,
      passengers: [{ name: 'Conceição Araújo', cpf: validCpf(7_777) }],
    },
  });
  expect(emission.status, JSON.stringify(emission.body)).toBe(201);
  emissionId = emission.body.emission.id;
  const posting = await call(ctx.app, 'POST', '/api/v1/finance/entries', {
    cookie,
    headers: CLOCK,
    body: {
      kind: 'revenue',
      category: 'revenue',
      amount_cents: 389_900,
      payment_method: 'pix',
      entry_date: '2026-03-10',
      description: 'Recebimento XYZ789',
      emission_id: emissionId,
    },
  });
  expect(posting.status, JSON.stringify(posting.body)).toBe(201);
});

afterAll(async () => {
  await pdfThread.stop();
  await ctx?.close();
});

describe('POST /api/v1/reports', () => {
  it("an emission's PDF: client, account, route, passengers, lot with its CPM, figures, timeline, postings", async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/reports', {
      cookie,
      headers: CLOCK,
      body: { ref_type: 'emission', ref_id: emissionId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const report = reportCreatedSchema.parse(res.body);
    expect(report).toMatchObject({
      ref_type: 'emission',
      ref_id: emissionId,
      file_name: expect.stringMatching(/^emissao-XYZ789-.*\.pdf$/),
    });
    expect(report.pages).toBeGreaterThanOrEqual(1);

    const file = await download(report.link.url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.bytes.byteLength).toBe(report.size_bytes);
    const text = pdfText(file.bytes);
    for (const expected of [
      'Relatório da emissão NAT-GRU-LIS',
      'Conceição Araújo',
      'Smiles',
      'SM-778899',
      'XYZ789',
      'Fornecedor Nordeste',
      '32.000',
      'R$ 18,5000', // the lot's cost per thousand
      'R$ 592,00', // 32,000 miles × R$ 0,0185
      'R$ 3.899,00',
      'R$ 456,78',
      'R$ 50,00',
      'R$ 1.098,78', // total cost: 456,78 + 592,00 + 50,00
      'R$ 2.800,22', // margin
      'Recebimento XYZ789',
      'Página 1 de',
      'CNPJ',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/Margem \(71,8%\)/);
  });

  it("a lot's PDF: the purchase, its use by the emission, the remaining value", async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/reports', {
      cookie,
      headers: CLOCK,
      body: { ref_type: 'lot', ref_id: lotId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const text = pdfText((await download(res.body.link.url)).bytes);
    for (const expected of [
      'Relatório do lote Smiles de 50.000 milhas',
      'Fornecedor Nordeste',
      '01/02/2026',
      '01/02/2027',
      'R$ 925,00', // 50,000 × R$ 0,0185
      '18.000', // remaining
      'R$ 333,00', // remaining value at cost
      'NAT-GRU-LIS',
      'Compra de lote',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('a month of finance, with its twelve months charted, and the alerts of a filter', async () => {
    const detail = await call(ctx.app, 'GET', `/api/v1/emissions/${emissionId}`, { cookie });
    const month = String(detail.body.emission.created_at).slice(0, 7);
    const res = await call(ctx.app, 'POST', '/api/v1/reports', {
      cookie,
      headers: CLOCK,
      body: { ref_type: 'finance_month', month },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ ref_type: 'finance_month', ref_id: null, file_name: `financeiro-${month}.pdf` });
    const pdf = (await download(res.body.link.url)).bytes;
    if (process.env.KEEP_REPORT_PDF) writeFileSync(process.env.KEEP_REPORT_PDF, pdf);
    const text = pdfText(pdf);
    for (const expected of [
      'Relatório financeiro —',
      'Competência',
      'Caixa',
      'Doze meses',
      'R$ 3.899,00',
      'Milhas em estoque',
    ]) {
      expect(text, expected).toContain(expected);
    }
    const history = await call(ctx.app, 'GET', '/api/v1/reports?ref_type=finance_month', { cookie });
    expect(history.body.data.map((r: { id: string }) => r.id)).toEqual([res.body.id]);

    const alerts = await call(ctx.app, 'POST', '/api/v1/reports', {
      cookie,
      headers: CLOCK,
      body: { ref_type: 'alerts', filter: { status: 'resolved', kind: 'margin_critical' } },
    });
    expect(alerts.status, JSON.stringify(alerts.body)).toBe(201);
    const alertsText = pdfText((await download(alerts.body.link.url)).bytes);
    expect(alertsText).toContain('Relatório de alertas');
    expect(alertsText).toContain('Resolvidos · Margem Crítica');
    expect(alertsText).toContain('Nenhum alerta neste filtro.');
  });

  it('lists the history newest first', async () => {
    const res = await call(ctx.app, 'GET', `/api/v1/reports?ref_type=emission&ref_id=${emissionId}`, { cookie });
    expect(res.status).toBe(200);
    const list = reportListSchema.parse(res.body);
    expect(list.data.length).toBeGreaterThanOrEqual(1);
    expect(list.data[0]!.ref_id).toBe(emissionId);
    expect(list.data[0]!.size_bytes).toBeGreaterThan(1000);
  });

  it("refuses what is not the agency's and bad input, writing nothing", async () => {
    const other = await signedInAgency(ctx);
    const before = await call(ctx.app, 'GET', `/api/v1/reports?ref_type=emission&ref_id=${emissionId}`, { cookie });
    for (const body of [
      { ref_type: 'emission', ref_id: emissionId },
      { ref_type: 'lot', ref_id: lotId },
    ]) {
      const res = await call(ctx.app, 'POST', '/api/v1/reports', { cookie: other.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(404);
    }
    for (const [body, field] of [
      [{ ref_type: 'cliente', ref_id: emissionId }, 'ref_type'],
      [{ ref_type: 'emission', ref_id: 'abc' }, 'ref_id'],
      [{ ref_type: 'emission' }, 'ref_id'],
      [{ ref_type: 'finance_month', month: '2026-13' }, 'month'],
      [{ ref_type: 'alerts', filter: { kind: 'tudo' } }, 'filter'],
    ] as const) {
      const res = await call(ctx.app, 'POST', '/api/v1/reports', { cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.error.fields), JSON.stringify(body)).toMatch(/inválid|obrigatório|Informe/i);
      expect(Object.keys(res.body.error.fields).join(), JSON.stringify(body)).toContain(field);
    }
    const after = await call(ctx.app, 'GET', `/api/v1/reports?ref_type=emission&ref_id=${emissionId}`, { cookie });
    expect(after.body.data).toHaveLength(before.body.data.length);
  });
});

describe('signed download links', () => {
  it("403 for a tampered token or another session's, 404 for another agency's report, 403 after 600 s", async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/reports', {
      cookie,
      headers: CLOCK,
      body: { ref_type: 'emission', ref_id: emissionId },
    });
    const url: string = res.body.link.url;
    const id: string = res.body.id;
    expect((await download(url)).status).toBe(200);

    const tampered = url.replace(
      /token=(\d+)\.(.)/,
      (_m, exp: string, c: string) => `token=${exp}.${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await download(tampered)).status).toBe(403);
    const longer = url.replace(/token=(\d+)\./, (_m, exp: string) => `token=${Number(exp) + 3600}.`);
    expect((await download(longer)).status).toBe(403);

    // The same user signed in elsewhere: another session, another key.
    const second = await signIn(ctx.app, me);
    expect((await download(url, second)).status).toBe(403);

    const stranger = await signedInAgency(ctx);
    expect((await download(url, stranger.cookie)).status).toBe(404);
    expect((await download(`/api/v1/reports/${id}/download`)).status).toBe(400);

    // A fresh link for the same report works; 601 s later it no longer does.
    const link = await call(ctx.app, 'POST', `/api/v1/reports/${id}/link`, { cookie });
    expect(link.status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 601_000);
      const late = await download(link.body.url);
      expect(late.status).toBe(403);
      expect(new TextDecoder().decode(late.bytes)).toContain('Link de download inválido ou expirado');
    } finally {
      vi.useRealTimers();
    }
  });
});
