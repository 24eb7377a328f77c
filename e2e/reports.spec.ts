import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { AS_READ, expect } from './fixtures';
import { CHEAP_LOT, seedCustomer, seedEmission, seedLotInAccount } from './seed';
import { useSpecSession } from './session';

/**
 * PDF reports through the real UI (issue #19, spec part 2 §2 /emissoes/{id} "Gerar PDF" and the
 * report history): generate the emission's PDF (it opens in a new tab through its signed link, and
 * says the emission's figures), see it in the history and download it again; the lot's page the same.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;

beforeEach(() => {
  ({ context, page } = session);
});

const dir = mkdtempSync(path.join(tmpdir(), 'milheiro-e2e-pdf-'));
async function pdfTextAt(url: string): Promise<string> {
  const res = await context.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const file = path.join(dir, `${Date.now()}.pdf`);
  writeFileSync(file, await res.body());
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('reports', () => {
  it("generates an emission's PDF from its page, opens it, keeps it in the history; the lot's, the month's and the alerts' too", async () => {
    const customer = await seedCustomer(context, { name: 'Heloísa Brandão' }, { account_number: 'PDF-1001' });
    const lotId = await seedLotInAccount(context, customer.accountId, CHEAP_LOT);
    const emissionId = await seedEmission(context, customer, lotId, {
      pnr: 'PDF123',
      route: 'REC-GRU-MIA',
      miles: 12_000,
      revenueCents: 250_000,
      feesCents: 31_250,
    });

    await page.goto(`/emissoes/${emissionId}`);
    const card = page
      .getByRole('heading', { name: 'Relatórios PDF' })
      .locator('xpath=ancestor::*[@data-slot="card"][1]');
    await expect(card).toContainText('Nenhum PDF gerado ainda', AS_READ);
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('generate-pdf').click()]);
    await expect(page.getByText('PDF Gerado!')).toBeVisible();
    await expect.poll(() => tab.url()).toContain('/download?token=');
    const text = await pdfTextAt(tab.url());
    for (const expected of [
      'Relatório da emissão REC-GRU-MIA',
      'Heloísa Brandão',
      'PDF123',
      'Milhas Nordeste',
      'R$ 2.500,00',
      'R$ 312,50',
      'R$ 216,00',
    ]) {
      expect(text, expected).toContain(expected);
    }
    await tab.close();
    await expect(page.getByTestId('report-history').getByRole('listitem')).toHaveCount(1);

    const [again] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByTestId('report-history')
        .getByRole('button', { name: /^Baixar / })
        .click(),
    ]);
    await expect(page.getByText('PDF Pronto!')).toBeVisible();
    await expect.poll(() => again.url()).toContain('/download?token=');
    await again.close();

    await page.goto(`/lotes/${lotId}`);
    const [lotTab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('generate-pdf').click()]);
    await expect.poll(() => lotTab.url()).toContain('/download?token=');
    const lotText = await pdfTextAt(lotTab.url());
    expect(lotText).toContain('Relatório do lote LATAM Pass de 20.000 milhas');
    expect(lotText).toContain('REC-GRU-MIA');
    await lotTab.close();

    // The month of /financeiro and the alerts of /alertas's filter.
    await page.goto('/financeiro');
    const [financeTab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('finance-pdf').click()]);
    await expect.poll(() => financeTab.url()).toContain('/download?token=');
    const financeText = await pdfTextAt(financeTab.url());
    expect(financeText).toContain('Relatório financeiro —');
    expect(financeText).toContain('R$ 2.500,00');
    await financeTab.close();

    await page.goto('/alertas?status=resolved');
    const [alertsTab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('alerts-pdf').click()]);
    await expect.poll(() => alertsTab.url()).toContain('/download?token=');
    expect(await pdfTextAt(alertsTab.url())).toContain('Relatório de alertas');
    await alertsTab.close();
  });
});
