import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, it } from 'vitest';
import { isValidCpf } from '../src/domain/documents';
import { seriousAxeViolations, switchTheme } from './axe';
import { apiAs, AS_READ, expect } from './fixtures';
import { ClientsPage } from './pages/clients-page';
import { ImporterPage, type UploadFile } from './pages/importer-page';
import { deleteAll } from './seed';
import { onPhone, useSpecSession } from './session';

/**
 * The CSV importer through the real UI and server (spec part 2 §2 /importador, §4, §5, §8; issue
 * #17): a spreadsheet saved by Excel in Windows-1252 with `;`, headers that map in part, one field
 * mapped by hand, a preset, the dry run's errors, only the valid rows imported, the clients
 * listed, then the import undone from the history. Each test starts from an agency with no
 * clients and seeds its own.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;
let importer: ImporterPage;

/** Three good rows, then a bad e-mail, a CPF with wrong check digits and 31/02 (spec part 2 §5). */
const ROWS = [
  ['José Conceição', 'jose@conceicao.com.br', '529.982.247-25', '(84) 99876-1111', '12/05/1980'],
  ['Ana Lúcia Araújo', 'ana@araujo.com.br', '111.444.777-35', '(84) 99876-2222', '01/02/1975'],
  ['Márcia Gonçalves', 'marcia@goncalves.com.br', '935.411.347-80', '', '20/10/1990'],
  ['Sebastião Ribeiro', 'sebastiao@', '390.533.447-05', '', '05/06/1985'],
  ['Cecília Guimarães', 'cecilia@guimaraes.com.br', '123.456.789-00', '', '07/07/1970'],
  ['Luísa Magalhães', 'luisa@magalhaes.com.br', '', '', '31/02/2025'],
];
const VALID_NAMES = ['Ana Lúcia Araújo', 'José Conceição', 'Márcia Gonçalves'];

/**
 * A clients sheet as Excel saves it in Brazil: Windows-1252, `;`, CRLF. "Contato" (the phone)
 * matches no alias of any field, so the mapping leaves it for the user.
 */
function clientsCsv(rows: string[][] = ROWS, name = 'clientes-crm.csv'): UploadFile {
  const lines = ['Nome Completo;E-mail;CPF;Contato;Nascimento', ...rows.map((row) => row.join(';'))];
  // Latin-1 and Windows-1252 agree on every letter used here (á, ã, ç, é, í, ú…).
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1') };
}

beforeEach(async () => {
  ({ context, page } = session);
  importer = new ImporterPage(page);
  await deleteAll(context, '/clients');
});

/** The clients sheet uploaded, its only unmapped column mapped by hand, through to the dry run (step 3). */
async function throughDryRun(p: ImporterPage, file = clientsCsv()) {
  await p.upload(file);
  await p.expectToast('Arquivo carregado');
  await p.next();
  await p.field('Telefone').selectOption('Contato');
  await p.next();
  await expect(p.count('count-valid')).toContainText('3', AS_READ);
}

/** Through the API: the sheet uploaded and its valid rows imported, waiting for the job to end. */
async function importThroughApi(file: UploadFile): Promise<string> {
  const uploaded = await context.request.post('/api/v1/imports/files?kind=clients', { multipart: { file } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { file: read, mapping } = await uploaded.json();
  const started = await apiAs(context, 'POST', '/imports', {
    file_id: read.id,
    kind: 'clients',
    mapping: { ...mapping, phone: 'Contato' },
    on_duplicate: 'skip',
    only_valid: true,
  });
  expect(started.status, JSON.stringify(started.body)).toBeLessThan(300);
  await expect
    .poll(async () => (await apiAs(context, 'GET', `/imports/${started.body.id}`)).body.status, { timeout: 30_000 })
    .toBe('completed');
  return started.body.id;
}

describe('imports', () => {
  it('imports the valid rows of a Windows-1252 sheet, listed in /clientes, then undoes it from the history', async () => {
    for (const [, , cpf] of ROWS.slice(0, 4)) expect(isValidCpf(cpf!), cpf).toBe(true);

    // /clientes's "Importar" opens the wizard on Clientes.
    const clients = new ClientsPage(page);
    await clients.goto();
    await page.getByRole('link', { name: 'Importar' }).click();
    await expect(page).toHaveURL(/\/importador\?tipo=clientes$/);
    await expect(importer.kind('Clientes')).toBeChecked();
    await expect(importer.currentStep()).toHaveText(/Arquivo/);
    await expect(importer.button('Próximo')).toBeDisabled();

    // Step 1: what the server read — the encoding, the delimiter and the accents, decoded.
    await importer.upload(clientsCsv());
    await importer.expectToast('Arquivo carregado', '6 linhas · delimitador ponto e vírgula (;)');
    const info = importer.wizard().getByTestId('import-file-info');
    await expect(info.getByTestId('import-file-encoding')).toHaveText('Windows-1252');
    await expect(info.getByTestId('import-file-delimiter')).toHaveText('ponto e vírgula (;)');
    await expect(info.getByTestId('import-file-rows')).toHaveText('6');
    await expect(info.getByRole('table', { name: 'Prévia do arquivo' }).getByRole('row')).toHaveCount(6);
    await expect(info).toContainText('José Conceição', AS_READ);
    await expect(info).toContainText('Márcia Gonçalves', AS_READ);

    // Step 2: the suggestion maps four columns; "Contato" is left for the user.
    await importer.next();
    await expect(importer.currentStep()).toHaveText(/Mapeamento/);
    await expect(importer.stepHeading()).toBeFocused();
    await expect(importer.field('Nome *')).toHaveValue('Nome Completo');
    await expect(importer.field('E-mail')).toHaveValue('E-mail');
    await expect(importer.field('CPF/CNPJ')).toHaveValue('CPF');
    await expect(importer.field('Nascimento')).toHaveValue('Nascimento');
    await expect(importer.field('Telefone')).toHaveValue('');
    // A required field left out blocks the way on.
    await importer.field('Nome *').selectOption('');
    await expect(importer.wizard().getByText('Campo obrigatório "Nome" não está mapeado')).toBeVisible();
    await expect(importer.button('Próximo')).toBeDisabled();
    await importer.field('Nome *').selectOption('Nome Completo');
    await importer.field('Telefone').selectOption('Contato');
    await expect(importer.button('Próximo')).toBeEnabled();

    // The mapping saved as a preset: a name is required, and unique.
    await importer.button('Salvar preset').click();
    await expect(importer.wizard().getByText('Informe um nome para o preset')).toBeVisible();
    await importer.field('Salvar o mapeamento atual como').fill('Planilha do CRM');
    await importer.button('Salvar preset').click();
    await importer.expectToast('Preset salvo');
    await expect(importer.field('Preset salvo').locator('option:checked')).toHaveText('Planilha do CRM');
    await expect(importer.field('Salvar o mapeamento atual como')).toHaveValue('');
    const presets = await apiAs(context, 'GET', '/import-presets?kind=clients');
    expect(presets.body.data.find((p: { name: string }) => p.name === 'Planilha do CRM')?.mapping).toEqual({
      name: 'Nome Completo',
      email: 'E-mail',
      document: 'CPF',
      phone: 'Contato',
      birth_date: 'Nascimento',
    });
    await importer.field('Salvar o mapeamento atual como').fill('Planilha do CRM');
    await importer.button('Salvar preset').click();
    await expect(importer.wizard().getByText('Já existe um preset com este nome')).toBeVisible();

    // Step 3: the dry run — counts and each error, with its line (the header is line 1).
    await importer.next();
    await importer.expectToast('Análise a seco concluída');
    await expect(importer.currentStep()).toHaveText(/Validação/);
    await expect(importer.count('count-total')).toContainText('6', AS_READ);
    await expect(importer.count('count-valid')).toContainText('3', AS_READ);
    await expect(importer.count('count-invalid')).toContainText('3', AS_READ);
    await expect(importer.count('count-existing')).toContainText('0', AS_READ);
    await expect(importer.errorRows()).toHaveCount(3);
    await expect(importer.errorRows().filter({ hasText: 'Email inválido' })).toContainText('5', AS_READ);
    await expect(importer.errorRows().filter({ hasText: 'CPF inválido' })).toContainText('123.456.789-00', AS_READ);
    await expect(importer.errorRows().filter({ hasText: 'Data inválida' })).toContainText('31/02/2025', AS_READ);
    await expect(importer.wizard().getByTestId('dry-run-more-errors')).toHaveCount(0);
    // Every error, as a file.
    const download = page.waitForEvent('download');
    await importer.button('Baixar erros (CSV)').click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);

    // Step 4: with errors, the import is refused unless only the valid rows go.
    await importer.next();
    await expect(importer.currentStep()).toHaveText(/Confirmação/);
    await expect(importer.wizard().getByTestId('import-summary')).toContainText('clientes-crm.csv', AS_READ);
    await importer.button('Importar').click();
    await importer.expectToast('Validação falhou', '3 linha(s) com erro');
    await importer.wizard().getByLabel('Importar só as linhas válidas (3)').check();
    await importer.button('Importar').click();
    await expect(importer.wizard().getByTestId('import-done')).toContainText('3 de 6 registros importados.', AS_READ);
    await importer.expectToast('Importação concluída', '3 de 6 registros importados.');
    const row = importer.historyRows().first();
    await expect(row).toContainText('clientes-crm.csv', AS_READ);
    await expect(row.getByTestId('import-status')).toHaveText('Concluído');
    await expect(row).toContainText(/3\s*importadas\s*\/\s*3\s*com erro/);
    await expect(row).toContainText('Maria José Souza', AS_READ);

    // The clients are there, the phone read from the column mapped by hand.
    await importer.wizard().getByRole('link', { name: 'Ver clientes' }).click();
    await clients.expectNames(VALID_NAMES);
    await expect(clients.row('José Conceição')).toContainText('(84) 99876-1111', AS_READ);

    // Undone from the history (after a confirmation), they are gone.
    await importer.goto();
    await importer
      .historyRows()
      .first()
      .getByRole('button', { name: /^Desfazer/ })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Desfazer importação?' });
    await expect(confirm).toContainText('Os 3 clientes importados de clientes-crm.csv', AS_READ);
    await confirm.getByRole('button', { name: 'Desfazer', exact: true }).click();
    await importer.expectToast('Importação desfeita', 'Os registros foram marcados como excluídos');
    await expect(confirm).toHaveCount(0);
    await expect(importer.historyRows().first().getByTestId('import-status')).toHaveText('Desfeito');
    await expect(
      importer
        .historyRows()
        .first()
        .getByRole('button', { name: /^Desfazer/ }),
    ).toHaveCount(0);
    await clients.goto();
    await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
  });

  it('applies a saved preset to the next file, and warns when the same file was imported before', async () => {
    const res = await apiAs(context, 'POST', '/import-presets', {
      kind: 'clients',
      name: 'Com telefone',
      mapping: { name: 'Nome Completo', phone: 'Contato', notes: 'Obs' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const file = clientsCsv(
      [['Rita de Cássia', 'rita@cassia.com.br', '246.813.579-28', '(84) 3222-1100', '03/03/1963']],
      'rita.csv',
    );
    await importThroughApi(file);

    await importer.goto('?tipo=clientes');
    await importer.upload(file);
    await expect(importer.wizard().getByTestId('import-previous')).toContainText(
      'Este mesmo arquivo já foi importado em',
      AS_READ,
    );
    await importer.next();
    await importer.field('Telefone').selectOption('');
    await importer.field('Preset salvo').selectOption({ label: 'Com telefone' });
    await importer.button('Aplicar').click();
    await expect(importer.field('Telefone')).toHaveValue('Contato');
    // The preset's fields whose column this file lacks are named, and left unmapped.
    await expect(importer.wizard().getByTestId('preset-missing-columns')).toContainText('"Obs"', AS_READ);
    await expect(importer.field('Observações')).toHaveValue('');
    await expect(importer.field('Nome *')).toHaveValue('Nome Completo');
    // Presets are deleted after a confirmation.
    await importer.wizard().getByRole('button', { name: 'Excluir o preset Com telefone' }).click();
    await page.getByRole('alertdialog', { name: 'Excluir preset?' }).getByRole('button', { name: 'Excluir' }).click();
    await importer.expectToast('Preset excluído');
    await expect(importer.field('Preset salvo').locator('option', { hasText: 'Com telefone' })).toHaveCount(0);
  });

  it('shows why a file is refused, here and by the server', async () => {
    await importer.goto();
    await importer.upload({ name: 'clientes.txt', mimeType: 'text/plain', buffer: Buffer.from('Nome\r\nAna\r\n') });
    await expect(importer.wizard().getByTestId('import-file-error')).toContainText(
      'Escolha um arquivo CSV ou XLSX.',
      AS_READ,
    );
    await importer.expectToast('Erro na importação');
    await importer.upload({ name: 'so-cabecalho.csv', mimeType: 'text/csv', buffer: Buffer.from('Nome;Email\r\n') });
    await expect(importer.wizard().getByTestId('import-file-error')).toContainText(
      'O arquivo só tem o cabeçalho: nenhuma linha para importar.',
      AS_READ,
    );
    await expect(importer.button('Próximo')).toBeDisabled();
  });

  it('keeps the loaded file when the kind changes, and reads the kind from the address', async () => {
    await importer.goto('?tipo=lotes');
    await expect(importer.kind('Lotes de Milhas')).toBeChecked();
    await importer.chooseKind('Clientes');
    await expect(page).toHaveURL(/tipo=clientes/);
    // The address changes before React renders the new kind's wizard (the navigation is a
    // transition): the file goes to the new wizard once its kind shows as chosen.
    await expect(importer.kind('Clientes')).toBeChecked();
    await importer.upload(clientsCsv());
    await importer.expectToast('Arquivo carregado');
    await importer.chooseKind('Emissões');
    await expect(page).toHaveURL(/tipo=emissoes/);
    // Read again for emissions: the same file, the emissions' fields.
    await expect(importer.wizard().getByTestId('import-file-info')).toContainText('clientes-crm.csv', AS_READ);
    await importer.next();
    await expect(importer.field('Rota *')).toBeVisible();
    await expect(importer.wizard().getByText('Campo obrigatório "Rota" não está mapeado')).toBeVisible();
    await expect(importer.button('Próximo')).toBeDisabled();
  });

  it('refuses to undo an import whose clients were used since, with the reasons', async () => {
    const file = clientsCsv(
      [['Otávio Brandão', 'otavio@brandao.com.br', '864.213.579-46', '', '09/09/1959']],
      'otavio.csv',
    );
    await importThroughApi(file);
    const list = await apiAs(context, 'GET', '/clients?search=Ot%C3%A1vio');
    const clientId = list.body.data[0].id;
    const put = await apiAs(context, 'PUT', `/clients/${clientId}`, {
      name: 'Otávio Brandão',
      loyalty_accounts: [{ program: 'LATAM', account_number: '55667788' }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const accounts = await apiAs(context, 'GET', `/accounts?client_id=${clientId}`);
    const lot = await apiAs(context, 'POST', '/lots', {
      program: 'LATAM',
      account_id: accounts.body.data[0].id,
      original_quantity: '10000',
      cost_per_mile: '0.0200',
      purchase_date: '2025-01-10',
      supplier: 'Balcão',
    });
    expect(lot.status, JSON.stringify(lot.body)).toBe(201);

    await importer.goto();
    await importer
      .historyRows()
      .filter({ hasText: 'otavio.csv' })
      .getByRole('button', { name: /^Desfazer/ })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Desfazer importação?' });
    await confirm.getByRole('button', { name: 'Desfazer', exact: true }).click();
    const refusal = confirm.getByTestId('undo-refusal');
    await expect(refusal).toContainText('Não é possível desfazer', AS_READ);
    await expect(refusal.getByRole('listitem')).toContainText([
      'Cliente Otávio Brandão: usado depois da importação (1 lote(s))',
    ]);
    await confirm.getByRole('button', { name: 'Fechar' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(importer.historyRows().filter({ hasText: 'otavio.csv' }).getByTestId('import-status')).toHaveText(
      'Concluído',
    );
    // Clean up for the other tests: the lot first, then the client can go.
    expect((await apiAs(context, 'DELETE', `/lots/${lot.body.id}`)).status).toBeLessThan(300);
  });

  it('has no serious accessibility violations in light and dark, and fits a phone', async () => {
    await importer.goto('?tipo=clientes');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await throughDryRun(importer);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await switchTheme(page, 'dark');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await importer.button('Voltar').click();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await onPhone(session, async (phone) => {
      const small = new ImporterPage(phone);
      await small.goto('?tipo=clientes');
      await throughDryRun(small);
      // The errors are cards and nothing is wider than the screen; the history is a list of cards.
      await expect(small.errorRows()).toHaveCount(3);
      await expect(small.wizard().getByRole('table', { name: 'Erros da análise' })).toHaveCount(0);
      await expect
        .poll(() => phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
        .toBe(0);
      await expect(small.history().getByRole('table')).toHaveCount(0);
    });
  });
});
