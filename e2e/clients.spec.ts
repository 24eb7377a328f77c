import { readFileSync } from 'node:fs';
import { beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { apiAs, AS_READ, expect } from './fixtures';
import { ClientsPage } from './pages/clients-page';
import { deleteAll } from './seed';
import { onPhone, useSpecSession } from './session';

/**
 * The clients area through the real UI (spec part 1 §2 "Clients", §4, §5, §8): the form dialog
 * with its masks and messages, search, server-side sort, paging kept in the address, selection
 * and bulk delete, CSV export, the row menu and the client page. Each test starts from an agency
 * with no clients and seeds its own through the API.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;
let clients: ClientsPage;

/** José as 'creates a client through the dialog' types him. */
const JOSE = {
  name: 'José da Silva',
  email: 'jose@silva.com.br',
  phone: '84998765432',
  document: '52998224725',
  birth_date: '1980-05-12',
  notes: 'Prefere assento na janela.',
  loyalty_accounts: [{ program: 'LATAM', account_number: '12345678' }],
};
/** José as 'edits the client with the same dialog' leaves him. */
const JOSE_EDITED = { ...JOSE, status: 'blocked', phone: '8432221100' };
const ALL_THREE = ['José da Silva', 'Joselito Alves', 'Maria Souza'];

async function seed(body: Record<string, unknown>): Promise<string> {
  const res = await apiAs(context, 'POST', '/clients', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** The edited José, Maria and Joselito: what search, sort and delete work on. */
async function seedThree() {
  await seed(JOSE_EDITED);
  await seed({ name: 'Maria Souza', email: 'maria@souza.com' });
  await seed({ name: 'Joselito Alves' });
}

/** 'Passageiro 01' … 'Passageiro NN'. */
async function seedPassengers(count: number) {
  for (let i = 1; i <= count; i++) await seed({ name: `Passageiro ${String(i).padStart(2, '0')}` });
}

beforeEach(async () => {
  ({ context, page } = session);
  clients = new ClientsPage(page);
  await deleteAll(context, '/clients');
});

describe('clients', () => {
  it('shows the empty state when the agency has no clients', async () => {
    await clients.goto();
    await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
    await expect(page.getByText('Comece adicionando um novo cliente.')).toBeVisible();
    await expect(clients.button('Limpar Filtros')).toHaveCount(0);
    await expect(clients.pagination()).toHaveCount(0);
    await expect(clients.summaryCard('Total de Clientes')).toContainText('0', AS_READ);
  });

  it('shows each validation message in the dialog and keeps it open', async () => {
    await clients.goto();
    await clients.openNew();
    await clients.fillForm({ name: 'A', email: 'maria@', document: '12345678900', birthDate: '31022020' });
    await expect(clients.field('Data de Nascimento')).toHaveValue('31/02/2020');
    await clients.submit('Criar');
    await expect(clients.dialog().getByText('Nome deve ter pelo menos 2 caracteres')).toBeVisible();
    await expect(clients.dialog().getByText('Email inválido')).toBeVisible();
    await expect(clients.dialog().getByText('CPF inválido')).toBeVisible();
    await expect(clients.dialog().getByText('Data de nascimento inválida')).toBeVisible();

    // The add button waits for both the programme and the account number.
    const add = clients.dialog().getByRole('button', { name: 'Adicionar' });
    await expect(add).toBeDisabled();
    await clients.field('Programa').selectOption({ label: 'Smiles' });
    await expect(add).toBeDisabled();
    await clients.field('Número da conta').fill('123');
    await expect(add).toBeEnabled();
    await add.click();
    await clients.addProgram('Smiles', '456');
    await expect(clients.dialog().getByText('Programa já adicionado')).toBeVisible();
    await expect(clients.addedPrograms()).toHaveCount(1);

    // What was typed is not thrown away without asking.
    await clients.dialog().getByRole('button', { name: 'Cancelar' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Descartar alterações?' });
    await ask.getByRole('button', { name: 'Descartar' }).click();
    await expect(clients.dialog()).toHaveCount(0);
    expect((await apiAs(context, 'GET', '/clients')).body.total).toBe(0);
  });

  it('asks before throwing away a half-filled form, on Escape, a click beside it, × or Cancelar', async () => {
    await clients.goto();
    // Nothing typed: Escape just closes.
    await clients.openNew();
    await page.keyboard.press('Escape');
    await expect(clients.dialog()).toHaveCount(0);

    await clients.openNew();
    await clients.fillForm({ name: 'Conceição Araújo' });
    const ask = page.getByRole('alertdialog', { name: 'Descartar alterações?' });
    await page.keyboard.press('Escape');
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(ask).toHaveCount(0);
    await expect(clients.field('Nome *')).toHaveValue('Conceição Araújo');

    await page.mouse.click(5, 5);
    await expect(ask).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    await expect(clients.field('Nome *')).toHaveValue('Conceição Araújo');

    await clients.dialog().getByRole('button', { name: 'Fechar' }).click();
    await ask.getByRole('button', { name: 'Descartar' }).click();
    await expect(clients.dialog()).toHaveCount(0);
    // Opened again, the form starts empty.
    await clients.openNew();
    await expect(clients.field('Nome *')).toHaveValue('');
  });

  it('creates a client through the dialog, masking phone and CPF as typed', async () => {
    await clients.goto();
    await clients.openNew();
    await expect(clients.dialog().getByText('Preencha as informações do novo cliente.')).toBeVisible();
    await expect(clients.field('Telefone')).toHaveAttribute('placeholder', '(11) 99999-9999');
    await expect(clients.field('CPF')).toHaveAttribute('placeholder', '000.000.000-00');
    await clients.fillForm({
      name: JOSE.name,
      email: JOSE.email,
      phone: JOSE.phone,
      document: JOSE.document,
      birthDate: '12051980',
      notes: JOSE.notes,
    });
    await expect(clients.field('Telefone')).toHaveValue('(84) 99876-5432');
    await expect(clients.field('CPF')).toHaveValue('529.982.247-25');
    await expect(clients.field('Data de Nascimento')).toHaveValue('12/05/1980');
    await clients.addProgram('LATAM Pass', '12345678');
    await expect(clients.addedPrograms().first()).toContainText('LATAM Pass 12345678', AS_READ);
    await clients.submit('Criar');

    await clients.expectToast('Cliente criado', 'Cliente criado com sucesso!');
    await expect(clients.dialog()).toHaveCount(0);
    const row = clients.row('José da Silva');
    await expect(row).toBeVisible();
    for (const expected of ['529.982.247-25', 'jose@silva.com.br', '(84) 99876-5432', 'Ativo', 'R$ 0,00']) {
      await expect(row).toContainText(expected, AS_READ);
    }
    await expect(row.locator('td').nth(1)).toHaveText(/^JS\s/, AS_READ);
  });

  it('edits the client with the same dialog', async () => {
    await seed(JOSE);
    await clients.goto();
    await clients.rowAction('José da Silva', 'Editar');
    await expect(clients.dialog().getByRole('heading', { name: 'Editar Cliente' })).toBeVisible();
    await expect(clients.dialog().getByText('Edite as informações do cliente abaixo.')).toBeVisible();
    await expect(clients.field('CPF')).toHaveValue('529.982.247-25');
    await expect(clients.field('Telefone')).toHaveValue('(84) 99876-5432');
    await expect(clients.field('Data de Nascimento')).toHaveValue('12/05/1980');
    await expect(clients.addedPrograms()).toHaveCount(1);
    await clients.fillForm({ status: 'Bloqueado', phone: '8432221100' });
    await expect(clients.field('Telefone')).toHaveValue('(84) 3222-1100');
    await clients.submit('Atualizar');
    await clients.expectToast('Cliente atualizado');
    await expect(clients.dialog()).toHaveCount(0);
    await expect(clients.row('José da Silva').getByText('Bloqueado')).toBeVisible();
    await expect(clients.row('José da Silva')).toContainText('(84) 3222-1100', AS_READ);
  });

  it('puts a server answer on its field: a CPF already in use', async () => {
    await seed(JOSE);
    await clients.goto();
    await clients.openNew();
    await clients.fillForm({ name: 'Outro José', document: '52998224725' });
    await clients.submit('Criar');
    await clients.expectToast('Erro ao criar cliente');
    await expect(clients.dialog().getByText(/CPF 529\.982\.247-25 já cadastrado para José da Silva/)).toBeVisible();
    await clients.dialog().getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Descartar' }).click();
    await expect(clients.dialog()).toHaveCount(0);
  });

  it('searches without caring for accents, after the debounce, and clears the filters', async () => {
    await seedThree();
    await clients.goto();
    await clients.expectNames(ALL_THREE);
    await clients.search().fill('jose');
    await expect(clients.search()).toHaveValue('jose');
    await clients.expectNames(['José da Silva', 'Joselito Alves']);
    await clients.search().fill('josé da');
    await clients.expectNames(['José da Silva']);
    await clients.button('Limpar Filtros').click();
    await expect(clients.search()).toHaveValue('');
    await clients.expectNames(ALL_THREE);
    await expect(clients.button('Limpar Filtros')).toHaveCount(0);

    await clients.statusFilter().selectOption({ label: 'Bloqueado' });
    await clients.expectNames(['José da Silva']);
    await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'blocked');
    await clients.button('Limpar Filtros').click();
    await clients.expectNames(ALL_THREE);
  });

  it('sorts on the server and flips the order on a second click', async () => {
    await seedThree();
    await clients.goto();
    await clients.expectSort('Cliente', 'ascending');
    await clients.sortBy('Total Gasto');
    await expect(page).toHaveURL(/sort=total_spent&order=asc/);
    await clients.expectSort('Total Gasto', 'ascending');
    await expect(clients.columnHeader('Cliente')).toHaveAttribute('aria-sort', 'none');
    await clients.expectNames(ALL_THREE);
    await clients.sortBy('Total Gasto');
    await expect(page).toHaveURL(/sort=total_spent&order=desc/);
    await clients.expectSort('Total Gasto', 'descending');
    await clients.expectNames([...ALL_THREE].reverse());

    await clients.sortBy('Status');
    await clients.expectNames(['Joselito Alves', 'Maria Souza', 'José da Silva']);
    await page.reload();
    await clients.expectNames(['Joselito Alves', 'Maria Souza', 'José da Silva']);
    await clients.expectSort('Status', 'ascending');
  });

  it('opens the client page from the row menu and comes back', async () => {
    await seed(JOSE_EDITED);
    await clients.goto();
    await clients.rowAction('José da Silva', 'Visualizar');
    await expect(page).toHaveURL(/\/clientes\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'José da Silva' })).toBeVisible();
    const main = page.locator('main');
    for (const expected of [
      'Bloqueado',
      'jose@silva.com.br',
      '(84) 3222-1100',
      '529.982.247-25',
      '12/05/1980',
      'Prefere assento na janela.',
    ]) {
      await expect(main).toContainText(expected, AS_READ);
    }
    await expect(page.getByRole('list', { name: 'Contas de fidelidade' })).toContainText('LATAM Pass', AS_READ);
    await expect(main).toContainText('12345678', AS_READ);
    await expect(page.getByText('Nenhuma emissão registrada')).toBeVisible();
    const stats = page.getByRole('region', { name: 'Indicadores do cliente' });
    await expect(stats).toContainText('Ticket médio', AS_READ);
    await expect(stats).toContainText('R$ 0,00', AS_READ);

    await page.getByRole('link', { name: 'Voltar para clientes' }).first().click();
    await expect(clients.heading()).toBeVisible();

    await page.goto('/clientes/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Cliente não encontrado')).toBeVisible();
    await page.getByRole('link', { name: 'Voltar para clientes' }).click();
    await expect(clients.heading()).toBeVisible();
  });

  it('deletes one client after the modal confirmation', async () => {
    await seedThree();
    await clients.goto();
    await clients.rowAction('Maria Souza', 'Excluir');
    const confirm = clients.alertDialog();
    await expect(confirm.getByRole('heading', { name: 'Confirmar exclusão' })).toBeVisible();
    await expect(confirm).toContainText(
      'Tem certeza que deseja excluir o cliente Maria Souza? Esta ação não pode ser desfeita.',
      AS_READ,
    );
    await expect(confirm.locator('b')).toHaveText('Maria Souza', AS_READ);
    // Modal: a click outside does not dismiss it.
    await page.mouse.click(5, 5);
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await clients.expectToast('Cliente excluído', 'Cliente excluído com sucesso!');
    await clients.expectNames(['José da Silva', 'Joselito Alves']);
  });

  it('exports the filtered list as a CSV download', async () => {
    await seedThree();
    await clients.goto();
    await clients.search().fill('silva');
    await clients.expectNames(['José da Silva']);
    const [download] = await Promise.all([page.waitForEvent('download'), clients.button('Exportar').click()]);
    expect(download.suggestedFilename()).toMatch(/^clientes_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    // The pt-BR Excel form (;, amounts 1234,56), which /importador takes back.
    expect(lines[0]).toBe(
      '"ID";"Nome";"Email";"Telefone";"CPF";"Data de Nascimento";"Status";"Etiquetas";"Total de Emissões";"Total Gasto";"Data de Criação";"Observações"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      '"José da Silva";"jose@silva.com.br";"(84) 3222-1100";"529.982.247-25";"12/05/1980";"Bloqueado";"";"0";"0,00"',
    );
    await clients.expectToast('Exportação concluída', 'Arquivo CSV baixado com sucesso!');
  });

  it('pages through 45 clients with the page in the address', async () => {
    await seedPassengers(45);
    await clients.goto();
    const pager = clients.pagination();
    await expect(pager.getByText('Mostrando 1 a 20 de 45 clientes')).toBeVisible();
    await expect(pager).toContainText('Página 1 de 3', AS_READ);
    await expect(pager.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await expect(clients.rows()).toHaveCount(20);
    await expect(clients.summaryCard('Total de Clientes')).toContainText('45', AS_READ);

    await pager.getByRole('button', { name: 'Próxima' }).click();
    await expect(pager.getByText('Mostrando 21 a 40 de 45 clientes')).toBeVisible();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(clients.names().first()).toHaveText('Passageiro 21');

    await pager.getByRole('button', { name: 'Próxima' }).click();
    await expect(pager.getByText('Página 3 de 3')).toBeVisible();
    await expect(pager).toContainText('Mostrando 41 a 45 de 45 clientes', AS_READ);
    await expect(pager.getByRole('button', { name: 'Próxima' })).toBeDisabled();
    await clients.expectNames(['Passageiro 41', 'Passageiro 42', 'Passageiro 43', 'Passageiro 44', 'Passageiro 45']);

    await page.reload();
    await expect(pager.getByText('Página 3 de 3')).toBeVisible();
    await page.goBack();
    await expect(pager.getByText('Página 2 de 3')).toBeVisible();

    // A page past the end is brought back to the last one.
    await clients.goto('?page=9');
    await expect(pager.getByText('Página 3 de 3')).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '3');
  });

  it('deletes the selected rows in bulk and clears the selection', async () => {
    await seedPassengers(45);
    await clients.goto('?page=3');
    await clients.expectNames(['Passageiro 41', 'Passageiro 42', 'Passageiro 43', 'Passageiro 44', 'Passageiro 45']);
    await expect(clients.button('Excluir (0)')).toHaveCount(0);
    await clients.select('Passageiro 41');
    await clients.select('Passageiro 42');
    await clients.button('Excluir (2)').click();
    const confirm = clients.alertDialog();
    await expect(confirm).toContainText('Tem certeza que deseja excluir os 2 clientes selecionados?', AS_READ);
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await clients.expectToast('Clientes excluídos', '2 cliente(s) excluído(s) com sucesso!');
    await clients.expectNames(['Passageiro 43', 'Passageiro 44', 'Passageiro 45']);
    await expect(page.getByRole('checkbox', { name: 'Selecionar Passageiro 43' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    // 'Selecionar todos' takes the page on screen.
    await page.getByRole('checkbox', { name: 'Selecionar todos' }).click();
    await clients.button('Excluir (3)').click();
    await clients.alertDialog().getByRole('button', { name: 'Excluir' }).click();
    await clients.expectToast('3 cliente(s) excluído(s) com sucesso!');
    // The last page emptied: the list moves back to the new last page.
    await expect(clients.pagination().getByText('Mostrando 21 a 40 de 40 clientes')).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
  });

  it('stacks the rows as cards on a 390 px phone, with a sort select instead of the headers', async () => {
    await seedPassengers(40);
    await onPhone(session, async (phone) => {
      const small = new ClientsPage(phone);
      await small.goto();
      await small.expectCards(20);
      await small.sortOnPhone('Nome (Z–A)');
      await expect(phone).toHaveURL(/sort=name&order=desc/);
      await expect(small.rows().first().getByRole('link', { name: 'Passageiro 40' })).toBeVisible();
      await small.rowAction('Passageiro 40', 'Editar');
      await expect(small.dialog().getByRole('heading', { name: 'Editar Cliente' })).toBeVisible();
      await phone.keyboard.press('Escape');
    });
  });
});
