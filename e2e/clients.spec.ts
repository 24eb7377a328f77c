import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { apiAs } from './fixtures';
import { ClientsPage } from './pages/clients-page';
import { text, useSpecSession } from './session';

/**
 * The clients area through the real UI (spec part 1 §2 "Clients", §4, §5, §8): the form dialog
 * with its masks and messages, search, server-side sort, paging kept in the address, selection
 * and bulk delete, CSV export, the row menu and the client page.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;
let clients: ClientsPage;

async function clientIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let p = 1; ; p++) {
    const res = await apiAs(context, 'GET', `/clients?limit=100&page=${p}`);
    ids.push(...res.body.data.map((c: { id: string }) => c.id));
    if (p >= res.body.total_pages) return ids;
  }
}

/** Every client of the agency gone, so each journey counts from zero. */
async function removeAllClients() {
  const ids = await clientIds();
  if (ids.length > 0) expect((await apiAs(context, 'POST', '/clients/bulk-delete', { ids })).status).toBe(200);
}

async function seed(body: Record<string, unknown>): Promise<string> {
  const res = await apiAs(context, 'POST', '/clients', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  ({ context, page } = session);
  clients = new ClientsPage(page);
});

describe('clients', () => {
  it('shows the empty state on a new agency', async () => {
    await clients.goto();
    await page.getByText('Nenhum cliente encontrado').waitFor();
    expect(await page.getByText('Comece adicionando um novo cliente.').isVisible()).toBe(true);
    expect(await clients.button('Limpar Filtros').count()).toBe(0);
    expect(await clients.pagination().count()).toBe(0);
    expect(await text(clients.summaryCard('Total de Clientes'))).toContain('0');
  });

  it('shows each validation message in the dialog and keeps it open', async () => {
    await clients.openNew();
    await clients.fillForm({ name: 'A', email: 'maria@', document: '12345678900', birthDate: '31022020' });
    expect(await clients.field('Data de Nascimento').inputValue()).toBe('31/02/2020');
    await clients.submit('Criar');
    await clients.dialog().getByText('Nome deve ter pelo menos 2 caracteres').waitFor();
    expect(await clients.dialog().getByText('Email inválido').isVisible()).toBe(true);
    expect(await clients.dialog().getByText('CPF inválido').isVisible()).toBe(true);
    expect(await clients.dialog().getByText('Data de nascimento inválida').isVisible()).toBe(true);

    // The add button waits for both the programme and the account number.
    const add = clients.dialog().getByRole('button', { name: 'Adicionar' });
    expect(await add.isDisabled()).toBe(true);
    await clients.field('Programa').selectOption({ label: 'Smiles' });
    expect(await add.isDisabled()).toBe(true);
    await clients.field('Número da conta').fill('123');
    expect(await add.isEnabled()).toBe(true);
    await add.click();
    await clients.addProgram('Smiles', '456');
    await clients.dialog().getByText('Programa já adicionado').waitFor();
    expect(await clients.addedPrograms().count()).toBe(1);

    await clients.dialog().getByRole('button', { name: 'Cancelar' }).click();
    await clients.dialog().waitFor({ state: 'detached' });
    expect((await apiAs(context, 'GET', '/clients')).body.total).toBe(0);
  });

  it('creates a client through the dialog, masking phone and CPF as typed', async () => {
    await clients.openNew();
    expect(await clients.dialog().getByText('Preencha as informações do novo cliente.').isVisible()).toBe(true);
    expect(await clients.field('Telefone').getAttribute('placeholder')).toBe('(11) 99999-9999');
    expect(await clients.field('CPF').getAttribute('placeholder')).toBe('000.000.000-00');
    await clients.fillForm({
      name: 'José da Silva',
      email: 'jose@silva.com.br',
      phone: '84998765432',
      document: '52998224725',
      birthDate: '12051980',
      notes: 'Prefere assento na janela.',
    });
    expect(await clients.field('Telefone').inputValue()).toBe('(84) 99876-5432');
    expect(await clients.field('CPF').inputValue()).toBe('529.982.247-25');
    expect(await clients.field('Data de Nascimento').inputValue()).toBe('12/05/1980');
    await clients.addProgram('LATAM Pass', '12345678');
    expect(await text(clients.addedPrograms().first())).toContain('LATAM Pass 12345678');
    await clients.submit('Criar');

    await clients.toast('Cliente criado').waitFor();
    expect(await text(clients.toast('Cliente criado'))).toContain('Cliente criado com sucesso!');
    await clients.dialog().waitFor({ state: 'detached' });
    const row = clients.row('José da Silva');
    await row.waitFor();
    const rowText = await text(row);
    expect(rowText).toContain('529.982.247-25');
    expect(rowText).toContain('jose@silva.com.br');
    expect(rowText).toContain('(84) 99876-5432');
    expect(rowText).toContain('Ativo');
    expect(rowText).toContain('R$ 0,00');
    expect(await text(row.locator('td').nth(1))).toMatch(/^JS /);
  });

  it('edits the client with the same dialog', async () => {
    await clients.rowAction('José da Silva', 'Editar');
    await clients.dialog().getByRole('heading', { name: 'Editar Cliente' }).waitFor();
    expect(await clients.dialog().getByText('Edite as informações do cliente abaixo.').isVisible()).toBe(true);
    expect(await clients.field('CPF').inputValue()).toBe('529.982.247-25');
    expect(await clients.field('Telefone').inputValue()).toBe('(84) 99876-5432');
    expect(await clients.field('Data de Nascimento').inputValue()).toBe('12/05/1980');
    expect(await clients.addedPrograms().count()).toBe(1);
    await clients.fillForm({ status: 'Bloqueado', phone: '8432221100' });
    expect(await clients.field('Telefone').inputValue()).toBe('(84) 3222-1100');
    await clients.submit('Atualizar');
    await clients.toast('Cliente atualizado').waitFor();
    await clients.dialog().waitFor({ state: 'detached' });
    await clients.row('José da Silva').getByText('Bloqueado').waitFor();
    expect(await text(clients.row('José da Silva'))).toContain('(84) 3222-1100');
  });

  it('puts a server answer on its field: a CPF already in use', async () => {
    await clients.openNew();
    await clients.fillForm({ name: 'Outro José', document: '52998224725' });
    await clients.submit('Criar');
    await clients.toast('Erro ao criar cliente').waitFor();
    await clients.dialog().getByText(/CPF 529\.982\.247-25 já cadastrado para José da Silva/).waitFor();
    await clients.dialog().getByRole('button', { name: 'Cancelar' }).click();
    await clients.dialog().waitFor({ state: 'detached' });
  });

  it('searches without caring for accents, after the debounce, and clears the filters', async () => {
    await seed({ name: 'Maria Souza', email: 'maria@souza.com' });
    await seed({ name: 'Joselito Alves' });
    await clients.goto();
    await clients.waitForNames(['José da Silva', 'Joselito Alves', 'Maria Souza']);
    await clients.search().fill('jose');
    expect(await clients.search().inputValue()).toBe('jose');
    await clients.waitForNames(['José da Silva', 'Joselito Alves']);
    await clients.search().fill('josé da');
    await clients.waitForNames(['José da Silva']);
    await clients.button('Limpar Filtros').click();
    expect(await clients.search().inputValue()).toBe('');
    await clients.waitForNames(['José da Silva', 'Joselito Alves', 'Maria Souza']);
    expect(await clients.button('Limpar Filtros').count()).toBe(0);

    await clients.statusFilter().selectOption({ label: 'Bloqueado' });
    await clients.waitForNames(['José da Silva']);
    expect(new URL(page.url()).searchParams.get('status')).toBe('blocked');
    await clients.button('Limpar Filtros').click();
    await clients.waitForNames(['José da Silva', 'Joselito Alves', 'Maria Souza']);
  });

  it('sorts on the server and flips the order on a second click', async () => {
    await clients.waitForSort('Cliente', 'ascending');
    await clients.sortBy('Total Gasto');
    await page.waitForURL(/sort=total_spent&order=asc/);
    await clients.waitForSort('Total Gasto', 'ascending');
    expect(await clients.columnHeader('Cliente').getAttribute('aria-sort')).toBe('none');
    const ascending = ['José da Silva', 'Joselito Alves', 'Maria Souza'];
    await clients.waitForNames(ascending);
    await clients.sortBy('Total Gasto');
    await page.waitForURL(/sort=total_spent&order=desc/);
    await clients.waitForSort('Total Gasto', 'descending');
    await clients.waitForNames([...ascending].reverse());

    await clients.sortBy('Status');
    await clients.waitForNames(['Joselito Alves', 'Maria Souza', 'José da Silva']);
    await page.reload();
    await clients.waitForNames(['Joselito Alves', 'Maria Souza', 'José da Silva']);
    await clients.waitForSort('Status', 'ascending');
  });

  it('opens the client page from the row menu and comes back', async () => {
    await clients.goto();
    await clients.rowAction('José da Silva', 'Visualizar');
    await page.waitForURL(/\/clientes\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'José da Silva' }).waitFor();
    const body = await text(page.locator('main'));
    for (const expected of ['Bloqueado', 'jose@silva.com.br', '(84) 3222-1100', '529.982.247-25', '12/05/1980', 'Prefere assento na janela.']) {
      expect(body).toContain(expected);
    }
    expect(await text(page.getByRole('list', { name: 'Contas de fidelidade' }))).toContain('LATAM Pass');
    expect(body).toContain('12345678');
    await page.getByText('Nenhuma emissão registrada').waitFor();
    const stats = await text(page.getByRole('region', { name: 'Indicadores do cliente' }));
    expect(stats).toContain('Ticket médio');
    expect(stats).toContain('R$ 0,00');

    await page.getByRole('link', { name: 'Voltar para clientes' }).first().click();
    await clients.heading().waitFor();

    await page.goto('/clientes/00000000-0000-4000-8000-000000000000');
    await page.getByText('Cliente não encontrado').waitFor();
    await page.getByRole('link', { name: 'Voltar para clientes' }).click();
    await clients.heading().waitFor();
  });

  it('deletes one client after the modal confirmation', async () => {
    await clients.goto();
    await clients.rowAction('Maria Souza', 'Excluir');
    const confirm = clients.alertDialog();
    await confirm.getByRole('heading', { name: 'Confirmar exclusão' }).waitFor();
    expect(await text(confirm)).toContain('Tem certeza que deseja excluir o cliente Maria Souza? Esta ação não pode ser desfeita.');
    expect(await confirm.locator('b').innerText()).toBe('Maria Souza');
    // Modal: a click outside does not dismiss it.
    await page.mouse.click(5, 5);
    expect(await confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await clients.toast('Cliente excluído').waitFor();
    expect(await text(clients.toast('Cliente excluído'))).toContain('Cliente excluído com sucesso!');
    await clients.waitForNames(['José da Silva', 'Joselito Alves']);
  });

  it('exports the filtered list as a CSV download', async () => {
    await clients.search().fill('silva');
    await clients.waitForNames(['José da Silva']);
    const [download] = await Promise.all([page.waitForEvent('download'), clients.button('Exportar').click()]);
    expect(download.suggestedFilename()).toMatch(/^clientes_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '"ID","Nome","Email","Telefone","CPF","Data de Nascimento","Status","Total de Emissões","Total Gasto","Data de Criação","Observações"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"José da Silva","jose@silva.com.br","(84) 3222-1100","529.982.247-25","12/05/1980","Bloqueado","0","0,00"');
    await clients.toast('Exportação concluída').waitFor();
    expect(await text(clients.toast('Exportação concluída'))).toContain('Arquivo CSV baixado com sucesso!');
    await clients.button('Limpar Filtros').click();
  });

  it('pages through 45 clients with the page in the address', async () => {
    await removeAllClients();
    for (let i = 1; i <= 45; i++) await seed({ name: `Passageiro ${String(i).padStart(2, '0')}` });
    await clients.goto();
    const pager = clients.pagination();
    await pager.getByText('Mostrando 1 a 20 de 45 clientes').waitFor();
    expect(await text(pager)).toContain('Página 1 de 3');
    expect(await pager.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);
    expect(await clients.rows().count()).toBe(20);
    expect(await text(clients.summaryCard('Total de Clientes'))).toContain('45');

    await pager.getByRole('button', { name: 'Próxima' }).click();
    await pager.getByText('Mostrando 21 a 40 de 45 clientes').waitFor();
    await page.waitForURL(/[?&]page=2/);
    expect((await clients.names())[0]).toBe('Passageiro 21');

    await pager.getByRole('button', { name: 'Próxima' }).click();
    await pager.getByText('Página 3 de 3').waitFor();
    expect(await text(pager)).toContain('Mostrando 41 a 45 de 45 clientes');
    expect(await pager.getByRole('button', { name: 'Próxima' }).isDisabled()).toBe(true);
    await clients.waitForNames(['Passageiro 41', 'Passageiro 42', 'Passageiro 43', 'Passageiro 44', 'Passageiro 45']);

    await page.reload();
    await pager.getByText('Página 3 de 3').waitFor();
    await page.goBack();
    await pager.getByText('Página 2 de 3').waitFor();

    // A page past the end is brought back to the last one.
    await clients.goto('?page=9');
    await pager.getByText('Página 3 de 3').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('3');
  });

  it('deletes the selected rows in bulk and clears the selection', async () => {
    await clients.goto('?page=3');
    await clients.waitForNames(['Passageiro 41', 'Passageiro 42', 'Passageiro 43', 'Passageiro 44', 'Passageiro 45']);
    expect(await clients.button('Excluir (0)').count()).toBe(0);
    await clients.select('Passageiro 41');
    await clients.select('Passageiro 42');
    await clients.button('Excluir (2)').click();
    const confirm = clients.alertDialog();
    expect(await text(confirm)).toContain('Tem certeza que deseja excluir os 2 clientes selecionados?');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await clients.toast('Clientes excluídos').waitFor();
    expect(await text(clients.toast('Clientes excluídos'))).toContain('2 cliente(s) excluído(s) com sucesso!');
    await clients.waitForNames(['Passageiro 43', 'Passageiro 44', 'Passageiro 45']);
    expect(await page.getByRole('checkbox', { name: 'Selecionar Passageiro 43' }).getAttribute('aria-checked')).toBe('false');

    // 'Selecionar todos' takes the page on screen.
    await page.getByRole('checkbox', { name: 'Selecionar todos' }).click();
    await clients.button('Excluir (3)').click();
    await clients.alertDialog().getByRole('button', { name: 'Excluir' }).click();
    await clients.toast('3 cliente(s) excluído(s) com sucesso!').waitFor();
    // The last page emptied: the list moves back to the new last page.
    await clients.pagination().getByText('Mostrando 21 a 40 de 40 clientes').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  });

  it('stacks the rows as cards on a 390 px phone, with a sort select instead of the headers', async () => {
    const phone = await session.browser.newPage({ width: 390, height: 844 });
    try {
      await phone.context.addCookies(await context.cookies());
      const small = new ClientsPage(phone.page);
      await small.goto();
      await small.rows().first().waitFor();
      expect(await small.table().count()).toBe(0);
      expect(await small.rows().count()).toBe(20);
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await phone.page.getByLabel('Ordenar por').selectOption({ label: 'Nome (Z–A)' });
      await phone.page.waitForURL(/sort=name&order=desc/);
      await small.rows().first().getByRole('link', { name: 'Passageiro 40' }).waitFor();
      await small.rowAction('Passageiro 40', 'Editar');
      await small.dialog().getByRole('heading', { name: 'Editar Cliente' }).waitFor();
      await phone.page.keyboard.press('Escape');
    } finally {
      await phone.context.close();
    }
  });
});

