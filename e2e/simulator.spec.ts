import { AxeBuilder } from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatCents, formatDate, formatPercent } from '../src/domain/format';
import { simulate } from '../src/domain/simulator/simulator.rules';
import { startSmtpServer, type SmtpTestServer } from '../src/server/email/__tests__/smtp-test-server';
import { apiAs, AS_READ, expect } from './fixtures';
import { QuotesPage, SimulatorPage } from './pages/simulator-page';
import { BIG_LOT, CHEAP_LOT, daysFromToday, seedCustomer, seedLotInAccount } from './seed';
import { useSpecSession } from './session';

/**
 * The price simulator and its quotes through the real UI (issue #19, spec part 2 §2 "/simulador",
 * §9 "Simulator"): a price from a real lot, as the domain computes it; saved as a quote for a
 * client; found in /cotacoes; its proposal copied for WhatsApp without cost or margin; sent with
 * "Enviar Proposta" (the PDF opens, a real SMTP server on 127.0.0.1 gets the e-mail with the PDF
 * attached, the quote becomes sent); converted into an emission through the wizard, which leaves
 * the quote accepted with it.
 * One journey: each page render costs seconds on the CI machine.
 */
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
const session = useSpecSession({ env: () => ({ SMTP_URL: smtp.url }) });
let context: BrowserContext;
let page: Page;

beforeEach(() => {
  ({ context, page } = session);
});

describe('simulator', () => {
  it('simulates from real stock, saves the quote, lists it and converts it into an emission', async () => {
    const rita = await seedCustomer(
      context,
      { name: 'Rita de Cássia Moura', document: '529.982.247-25', email: 'rita.moura@exemplo.com.br' },
      { account_number: 'SIM-4242' },
    );
    await seedLotInAccount(context, rita.accountId, CHEAP_LOT);
    await seedLotInAccount(context, rita.accountId, BIG_LOT);

    const sim = new SimulatorPage(page);
    await sim.goto();
    await sim.chooseClient('Rita', 'Rita de Cássia Moura');
    await sim.simulate({
      program: 'LATAM Pass',
      account: 'SIM-4242',
      lot: 'R$ 18,00/mil',
      miles: '15000',
      fees: '245,90',
      ravMode: 'custo',
      markup: '12,5',
      rav: '40,00',
    });
    const expected = simulate({
      miles: 15_000,
      cost_per_thousand: '18.0000',
      fees_cents: 24_590,
      rav_cents: 4_000,
      rav_mode: 'cost',
      markup_percent: '12.50',
    });
    await sim.expectFigures({
      'result-miles-cost': formatCents(expected.miles_cost_cents),
      'result-markup': formatCents(expected.markup_cents),
      'result-price': formatCents(expected.price_cents),
      'result-margin': formatCents(expected.margin_cents),
      'result-margin-percent': formatPercent(expected.margin_percent, 2),
    });
    // 12,5 % of markup over costs leaves 11,1 %: above the default minimum of 10 %, so no alert.
    await expect(sim.warnings()).toHaveCount(0);
    // The result panel, which the accessibility spec (no calculation) does not see.
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    const departure = daysFromToday(20);
    await sim.save({ route: 'nat-gru-nat', departure: formatDate(departure), passengers: ['Rita de Cássia Moura'] });
    await expect(page.getByRole('status').filter({ hasText: 'Cotação salva.' })).toBeVisible();

    // The list, filtered by status in the address, and the quote's page.
    const quotes = new QuotesPage(page);
    await quotes.goto('?status=draft');
    const row = quotes.rows().filter({ hasText: 'Rita de Cássia Moura' });
    await expect(row).toContainText('NAT-GRU-NAT', AS_READ);
    await expect(row).toContainText(formatCents(expected.price_cents), AS_READ);
    await expect(row.getByTestId('quote-status')).toHaveText('Rascunho');
    await row.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/cotacoes\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('quote-price')).toHaveText(formatCents(expected.price_cents));
    await expect(page.getByTestId('quote-pix')).toHaveText(formatCents(expected.price_cents));
    await expect(page.getByTestId('quote-card-option')).toHaveCount(12);

    // The proposal for WhatsApp: the trip and the price, never the cost or the margin.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await quotes.button('Copiar texto para WhatsApp').click();
    await quotes.expectToast('Texto copiado');
    const text = await page.evaluate(() => navigator.clipboard.readText());
    expect(text).toContain('Rota: NAT → GRU → NAT');
    expect(text).toContain(`*Valor total: ${formatCents(expected.price_cents)}*`);
    expect(text).toContain(`Data de embarque: ${formatDate(departure)}`);
    expect(text).not.toContain(formatCents(expected.margin_cents));
    expect(text).not.toContain(formatCents(expected.miles_cost_cents));

    // "Enviar Proposta": the PDF opens here and goes to the client by e-mail, attached.
    await quotes.button('Enviar Proposta').click();
    const confirm = quotes.alertDialog();
    await expect(confirm).toContainText('rita.moura@exemplo.com.br');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      confirm.getByRole('button', { name: 'Enviar Proposta', exact: true }).click(),
    ]);
    await quotes.expectToast('Proposta enviada');
    await expect(quotes.status()).toHaveText('Enviada');
    await expect.poll(() => tab.url()).toContain('/download?token=');
    await tab.close();
    await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const { to, mail } = smtp.received[0]!;
    expect(to).toEqual(['rita.moura@exemplo.com.br']);
    expect(mail.subject).toContain('Proposta de viagem NAT → GRU → NAT');
    const [pdf] = mail.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'milheiro-e2e-proposal-')), 'proposta.pdf');
    writeFileSync(file, pdf!.content);
    const pdfText = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain('Proposta de viagem');
    expect(pdfText).toContain('Rita de Cássia Moura');
    expect(pdfText.replace(/\u00a0/g, ' ')).toContain(formatCents(expected.price_cents).replace(/\u00a0/g, ' '));
    expect(pdfText.replace(/\u00a0/g, ' ')).not.toContain(formatCents(expected.margin_cents).replace(/\u00a0/g, ' '));

    // "Converter em emissão": the wizard opens on the quote's client, account and figures.
    await quotes.button('Converter em emissão').click();
    const wizard = page.getByRole('dialog', { name: 'Converter em emissão' });
    await expect(wizard.getByTestId('wizard-selected-client')).toContainText('Rita de Cássia Moura');
    await wizard.getByRole('button', { name: 'Próximo' }).click();
    await expect(wizard.getByLabel('Rota', { exact: true })).toHaveValue('NAT-GRU-NAT');
    await expect(wizard.getByLabel('Receita (R$)', { exact: true })).toHaveValue(
      formatCents(expected.price_cents).replace(/R\$\s/, '').replace(/\./g, ''),
    );
    await wizard.locator('#emission-passenger-0-cpf').pressSequentially('52998224725');
    await wizard.getByRole('button', { name: 'Próximo' }).click();
    await wizard.getByRole('button', { name: 'Confirmar emissão' }).click();
    await expect(page).toHaveURL(/\/emissoes\/[0-9a-f-]{36}$/);
    const emissionId = page.url().split('/').at(-1)!;

    await page.goBack();
    await expect(quotes.status()).toHaveText('Aceita');
    await expect(page.getByTestId('quote-emission-link')).toHaveAttribute('href', `/emissoes/${emissionId}`);
    await expect(quotes.button('Converter em emissão')).toHaveCount(0);
    const emission = await apiAs(context, 'GET', `/emissions/${emissionId}`);
    expect(emission.body.emission).toMatchObject({ revenue_cents: expected.price_cents, rav_cents: 4_000 });
  });
});
