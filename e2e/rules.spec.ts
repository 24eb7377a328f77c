import { beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { apiAs, AS_READ, expect } from './fixtures';
import { EmissionsPage } from './pages/emissions-page';
import { RulesPage } from './pages/rules-page';
import { CHEAP_LOT, seedCustomer, seedLotInAccount } from './seed';
import { onPhone, useSpecSession } from './session';

/**
 * Program rules through the real UI (spec part 2 §2 "/regras", §5 "Program rule form", §8, §9;
 * issue #15 "Rules"): create with a field message first, edit with the programme fixed, the
 * programme not offered twice, delete after the spec's question; and a rule's CPM cap and
 * minimum margin reaching the emission wizard ('Alto CPMM', the margin alert).
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;
let rules: RulesPage;

/** Every rule of the agency deleted, so each test starts from the defaults. */
async function deleteAllRules() {
  const res = await apiAs(context, 'GET', '/rules');
  for (const rule of res.body.data as { id: string }[]) {
    expect((await apiAs(context, 'DELETE', `/rules/${rule.id}`)).status).toBe(204);
  }
}

beforeEach(async () => {
  ({ context, page } = session);
  rules = new RulesPage(page);
  await deleteAllRules();
});

describe('rules', () => {
  it('creates, edits and deletes a rule; its programme is not offered twice', async () => {
    await rules.goto();
    await expect(page.getByTestId('rules-empty')).toBeVisible();
    await expect(page.getByTestId('rules-info')).toContainText('Alto CPMM', AS_READ);

    await rules.create({
      program: 'Smiles',
      minMargin: '25,00',
      minPercent: '12',
      rav: '10,00',
      cpmCap: '20',
      sla: '0',
    });
    await expect(rules.dialog().getByText('Meta de SLA deve ser de pelo menos 1 hora')).toBeVisible();
    await rules.fillForm({ sla: '8' });
    await rules.submit('Criar');
    await rules.expectToast('Regra criada');
    const row = rules.row('SMILES');
    await expect(row).toContainText('Smiles', AS_READ);
    await expect(row).toContainText('R$ 25,00', AS_READ);
    await expect(row).toContainText('12%', AS_READ);
    await expect(row).toContainText('R$ 20,00', AS_READ);
    await expect(row).toContainText('8 h', AS_READ);

    // Edit: the programme shows but cannot change.
    await page.getByRole('button', { name: 'Editar regra Smiles' }).click();
    await expect(rules.dialog()).toContainText('Editar Regra', AS_READ);
    await expect(rules.programSelect()).toBeDisabled();
    await expect(rules.field('CPM máximo (opcional)')).toHaveValue('20');
    await rules.fillForm({ cpmCap: '22,5' });
    await rules.submit('Atualizar');
    await rules.expectToast('Regra atualizada');
    await expect(row).toContainText('R$ 22,50', AS_READ);

    // On a phone each rule is a card, nothing wider than the screen.
    await onPhone(session, async (phone) => {
      await phone.goto('/regras');
      const card = phone.getByTestId('rule-card');
      await expect(card).toContainText('R$ 22,50', AS_READ);
      await expect
        .poll(() => phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
        .toBe(0);
    });

    // A new rule is not offered Smiles again.
    await rules.button('Nova Regra').first().click();
    await expect(rules.programSelect().locator('option', { hasText: 'Smiles' })).toHaveCount(0);
    await expect(rules.programSelect().locator('option', { hasText: 'LATAM Pass' })).toHaveCount(1);
    await rules.dialog().getByRole('button', { name: 'Cancelar' }).click();
    await expect(rules.dialog()).toHaveCount(0);

    // Delete after the spec's question.
    await page.getByRole('button', { name: 'Excluir regra Smiles' }).click();
    const ask = rules.alertDialog();
    await expect(ask).toContainText('Tem certeza que deseja excluir esta regra?', AS_READ);
    await ask.getByRole('button', { name: 'Excluir' }).click();
    await rules.expectToast('Regra excluída');
    await expect(rules.rows()).toHaveCount(0);
    await expect(page.getByTestId('rules-empty')).toBeVisible();
  });

  it("a rule's CPM cap, minimum margin and default RAV reach the emission wizard", async () => {
    const ACCOUNT = '661100220';
    const customer = await seedCustomer(context, { name: 'Regina Teto Souza' }, { account_number: ACCOUNT });
    // R$ 18,00 per thousand.
    await seedLotInAccount(context, customer.accountId, CHEAP_LOT);

    await rules.goto();
    await rules.create({
      program: 'LATAM Pass',
      minMargin: '0',
      minPercent: '40',
      rav: '15,00',
      cpmCap: '15',
      sla: '24',
    });
    await rules.expectToast('Regra criada');
    await expect(rules.row('LATAM')).toContainText('R$ 15,00', AS_READ);

    const emissions = new EmissionsPage(page);
    await emissions.goto();
    await emissions.openWizard();
    await emissions.chooseClient('Regina Teto', 'Regina Teto Souza');
    await emissions.chooseAccount(ACCOUNT);
    await emissions.next();
    // The rule's default RAV is offered.
    await expect(emissions.field('RAV (R$)')).toHaveValue('15,00');
    // Miles R$ 180,00 + fees R$ 20,00 + RAV R$ 15,00 against R$ 300,00: a 28,3 % margin, below the rule's 40 %.
    await emissions.fillData({ route: 'gru rec', miles: '10000', fees: '20,00', revenue: '300,00' });
    await expect(emissions.lotSuggestion().getByTestId('high-cpm-badge')).toHaveText('Alto CPMM');
    await expect(emissions.dialog().getByTestId('margin-alert')).toContainText(
      'Margem estimada (28,3%) está abaixo do mínimo recomendado (40%).',
      AS_READ,
    );
  });
});
