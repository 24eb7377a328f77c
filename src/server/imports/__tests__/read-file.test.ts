import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES as M,
} from '../../../domain/imports/import.schema';
import { detectDelimiter, readImportFile, uniformLineEnd, type ImportTable } from '../read-file';

const text = (s: string) => new TextEncoder().encode(s);

/** ASCII text and raw bytes, for files written in a legacy encoding. */
const bytesOf = (...parts: (string | number)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'number' ? [p] : Array.from(text(p)))));

async function readTable(bytes: Uint8Array, name = 'planilha.csv'): Promise<ImportTable> {
  const result = await readImportFile(bytes, name);
  if (!result.ok) throw new Error(`expected a table, got: ${result.message}`);
  return result.table;
}

async function readError(bytes: Uint8Array, name = 'planilha.csv'): Promise<string> {
  const result = await readImportFile(bytes, name);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.message;
}

// Real PNG bytes: signature and the start of an IHDR chunk.
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
]);

describe('readImportFile: encoding', () => {
  it('reads UTF-8', async () => {
    const t = await readTable(text('Nome;Cidade\nJoão;São Paulo\n'));
    expect(t).toMatchObject({
      format: 'csv',
      encoding: 'UTF-8',
      headers: ['Nome', 'Cidade'],
      rows: [['João', 'São Paulo']],
    });
  });

  it('reads UTF-8 with a BOM and strips it from the first header', async () => {
    const t = await readTable(new Uint8Array([0xef, 0xbb, 0xbf, ...text('Nome,Valor\nAção,1\n')]));
    expect(t).toMatchObject({ encoding: 'UTF-8 (BOM)', headers: ['Nome', 'Valor'], rows: [['Ação', '1']] });
  });

  it('reads Windows-1252, including € and curly quotes from 0x80–0x9F', async () => {
    // "Descrição;Preço\n“Promoção” ç ã é;€ 10\n" as Excel in Portuguese saves it.
    const bytes = bytesOf(
      'Descri',
      0xe7,
      0xe3,
      'o;Pre',
      0xe7,
      'o\n',
      0x93,
      'Promo',
      0xe7,
      0xe3,
      'o',
      0x94,
      ' ',
      0xe7,
      ' ',
      0xe3,
      ' ',
      0xe9,
      ';',
      0x80,
      ' 10\n',
    );
    const t = await readTable(bytes);
    expect(t.encoding).toBe('Windows-1252');
    expect(t.headers).toEqual(['Descrição', 'Preço']);
    expect(t.rows).toEqual([['“Promoção” ç ã é', '€ 10']]);
  });
});

describe('readImportFile: delimiter', () => {
  it.each([',', ';', '\t', '|'] as const)('detects %j', async (d) => {
    const t = await readTable(text(`Nome${d}CPF${d}Milhas\nAna${d}123${d}1000\n`));
    expect(t.delimiter).toBe(d);
    expect(t.rows).toEqual([['Ana', '123', '1000']]);
  });

  it.each([
    ['most columns on the first line win', 'a;b;c,d\n', ';'],
    ['ties prefer ; then , then tab then |', 'a,b;c\n', ';'],
    ['ties prefer , over tab', 'a,b\tc\n', ','],
    ['ties prefer tab over |', 'a\tb|c\n', '\t'],
    ['delimiters inside quotes do not count', '"a;b;c",d,e\n1,2,3\n', ','],
    ['a one-column file gets ,', 'Nome\nAna\n', ','],
    ['blank lines before the header are passed over', '\n  \na|b\n', '|'],
  ])('%s', (_, input, expected) => expect(detectDelimiter(input)).toBe(expected));
});

describe('readImportFile: CSV structure', () => {
  it('reads quoted fields with delimiters, line breaks and "" escapes', async () => {
    const t = await readTable(text('Nome,Obs\r\n"Silva, Ana","linha 1\r\nlinha 2"\r\n"Bia","disse ""oi"""\r\n'));
    expect(t.rows).toEqual([
      ['Silva, Ana', 'linha 1\nlinha 2'],
      ['Bia', 'disse "oi"'],
    ]);
    expect(t.lines).toEqual([2, 3]);
  });

  it('reads a file whose lines all end alike as it is, and brings mixed ones to "\\n" first', () => {
    expect(uniformLineEnd('a;b\n1;2\n')).toBe('\n');
    expect(uniformLineEnd('a;b\r\n"x\r\ny";2\r\n')).toBe('\r\n');
    expect(uniformLineEnd('a;b\r\n1;2\n')).toBeNull();
    expect(uniformLineEnd('a;b\r1;2\r\n')).toBeNull();
    expect(uniformLineEnd('a;b\r1;2')).toBeNull();
    expect(uniformLineEnd('a;b')).toBe('\n');
  });

  it('tolerates CR-only and mixed line ends', async () => {
    expect((await readTable(text('a;b\r1;2\r3;4'))).rows).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect((await readTable(text('a;b\r\n1;2\n3;4\r5;6\r\n'))).rows).toHaveLength(3);
  });

  it('trims cells and keeps formula-looking text verbatim', async () => {
    const t = await readTable(text('  Nome  ;  Site \n  Ana ;=HYPERLINK("http://x.com")\nBia;  +55 11 \n'));
    expect(t.headers).toEqual(['Nome', 'Site']);
    expect(t.rows).toEqual([
      ['Ana', '=HYPERLINK("http://x.com")'],
      ['Bia', '+55 11'],
    ]);
  });

  it('numbers rows as Excel does: blank lines count, a multi-line cell is one row', async () => {
    const t = await readTable(text('\nNome;Obs\n\nAna;1\n"Bia";"x\ny"\n\n;\nCarla;3\n\n\n'));
    expect(t.rows.map((r) => r[0])).toEqual(['Ana', 'Bia', 'Carla']);
    expect(t.lines).toEqual([4, 5, 8]);
  });

  it('names blank headers "Coluna N" and repeated ones "Nome (2)"', async () => {
    const t = await readTable(text(' ;Nome;Nome;;Nome (2);Nome\n1;2;3;4;5;6\n'));
    expect(t.headers).toEqual(['Coluna 1', 'Nome', 'Nome (3)', 'Coluna 4', 'Nome (2)', 'Nome (4)']);
  });

  it('keeps rows with another column count, padded or cut, and reports them', async () => {
    const t = await readTable(text('a;b;c\n1;2;3\n1;2\n1;2;3;4\n1;2;3;\n'));
    expect(t.rows).toEqual([
      ['1', '2', '3'],
      ['1', '2', ''],
      ['1', '2', '3'],
      ['1', '2', '3'],
    ]);
    expect(t.lines).toEqual([2, 3, 4, 5]);
    // A trailing empty cell ("1;2;3;") holds no value: no problem.
    expect([...t.rowProblems]).toEqual([
      [1, M.columnCount(2, 3)],
      [2, M.columnCount(4, 3)],
    ]);
  });

  it('lets a row stop before trailing blank headers', async () => {
    const t = await readTable(text('a;b;\n1;2\n1\n'));
    expect(t.headers).toEqual(['a', 'b', 'Coluna 3']);
    expect([...t.rowProblems]).toEqual([[1, M.columnCount(1, 3)]]);
  });

  it('refuses an unterminated quote, naming the row where it starts', async () => {
    expect(await readError(text('Nome;Obs\nAna;ok\n\nBia;"sem fim\nCarla;x\n'))).toBe(M.unterminatedQuote(4));
  });

  it('refuses text after a closing quote', async () => {
    expect(await readError(text('a;b\n1;"x"y\n2;3\n'))).toBe(
      M.csvMalformed(2, 'há texto depois das aspas que fecham um campo.'),
    );
  });
});

describe('readImportFile: refusals', () => {
  it.each([
    ['no bytes', new Uint8Array()],
    ['only blank lines', text('  \r\n\t\n\n')],
    ['only a BOM', new Uint8Array([0xef, 0xbb, 0xbf])],
    ['only delimiters', text(';;;\n;;;\n')],
  ])('%s: empty', async (_, bytes) => expect(await readError(bytes)).toBe(M.fileEmpty));

  it.each([
    ['a header line', 'Nome;CPF\n'],
    ['a header and blank rows', 'Nome;CPF\n\n ; \n'],
  ])('%s: header only', async (_, s) => expect(await readError(text(s))).toBe(M.fileHeaderOnly));

  it('refuses more than the byte limit', async () => {
    expect(await readError(new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x61))).toBe(M.fileTooLarge);
  });

  it('refuses more than the row limit, in pt-BR digits', async () => {
    const header = 'n\n';
    expect((await readTable(text(header + '1\n'.repeat(IMPORT_MAX_ROWS)))).rows).toHaveLength(IMPORT_MAX_ROWS);
    const message = await readError(text(header + '1\n'.repeat(IMPORT_MAX_ROWS + 1)));
    expect(message).toBe(M.fileTooManyRows('200.000'));
  });

  it('read for a preview, keeps the first rows and counts all; the row limit and a bad quote still refuse it', async () => {
    const file = text(['nome;cpf', 'Ana;1', 'Bia;2', '"Caio\nCosta";3', 'Davi;4'].join('\n'));
    const preview = await readImportFile(file, 'p.csv', { keepRows: 2 });
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.table).toMatchObject({
      rows: [
        ['Ana', '1'],
        ['Bia', '2'],
      ],
      lines: [2, 3],
      rowCount: 4,
    });
    expect((await readTable(file)).rowCount).toBe(4);
    const tooMany = await readImportFile(text('n\n' + '1\n'.repeat(IMPORT_MAX_ROWS + 1)), 'p.csv', { keepRows: 5 });
    expect(tooMany).toEqual({ ok: false, message: M.fileTooManyRows('200.000') });
    const unterminated = await readImportFile(text('n;c\nA;1\nB;2\n"C;3\n'), 'p.csv', { keepRows: 1 });
    expect(unterminated).toEqual({ ok: false, message: M.unterminatedQuote(4) });
  });

  it('refuses more than the column limit', async () => {
    const header = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`).join(';');
    expect((await readTable(text(`${header(IMPORT_MAX_COLUMNS)}\n1\n`))).headers).toHaveLength(IMPORT_MAX_COLUMNS);
    expect(await readError(text(`${header(IMPORT_MAX_COLUMNS + 1)}\n1\n`))).toBe(
      M.fileTooManyColumns(IMPORT_MAX_COLUMNS),
    );
  });

  it.each([
    ['an image', PNG, 'foto.png'],
    ['an image renamed .csv', PNG, 'clientes.csv'],
    ['a PDF', text('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'extrato.csv'],
    ['an old .xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'lotes.xls'],
    ['text with NUL bytes (UTF-16)', new Uint8Array([0xff, 0xfe, 0x4e, 0, 0x6f, 0]), 'nomes.txt'],
  ])('%s: not text', async (_, bytes, name) => expect(await readError(bytes, name)).toBe(M.fileNotText));

  it.each([
    ['an image named .xlsx', PNG],
    ['a CSV named .xlsx', text('Nome;CPF\nAna;1\n')],
  ])('%s: unreadable XLSX', async (_, bytes) =>
    expect(await readError(bytes, 'lotes.XLSX')).toBe(M.fileXlsxUnreadable),
  );
});

describe('readImportFile: XLSX', () => {
  async function workbookBytes(build: (wb: ExcelJS.Workbook) => void): Promise<Uint8Array> {
    const wb = new ExcelJS.Workbook();
    build(wb);
    return new Uint8Array(await wb.xlsx.writeBuffer());
  }

  const sample = () =>
    workbookBytes((wb) => {
      const ws = wb.addWorksheet('Lotes');
      ws.addRow([]);
      ws.addRow(['Nome', 'CPF', 'Milhas', 'Compra', 'Dobro', 'Obs', 'Site', 'Ativo', 'Erro', 'Vence', '', 'Nome']);
      ws.addRow([
        '  Ana  ',
        1234567890,
        1234.5,
        new Date(Date.UTC(2024, 0, 31)),
        { formula: 'C3*2', result: 2469 },
        { richText: [{ text: 'Olá ' }, { font: { bold: true }, text: 'mundo' }] },
        { text: 'site', hyperlink: 'https://exemplo.com' },
        true,
        { error: '#N/A' },
        { formula: 'D3+365', result: new Date(Date.UTC(2025, 0, 30)) },
        null,
        '=HYPERLINK("x")',
      ]);
      ws.getCell('B3').numFmt = '00000000000';
      ws.getCell('J3').numFmt = 'dd/mm/yyyy';
      ws.addRow([]);
      ws.addRow(['Bia', 5, 0.1 + 0.2, '31/01/2024', null, null, null, false, null, null, null, null, 'fora']);
      wb.addWorksheet('Outra').addRow(['ignorada']);
    });

  it('reads the first worksheet as text cells', async () => {
    const t = await readTable(await sample(), 'lotes.xlsx');
    expect(t).toMatchObject({ format: 'xlsx', encoding: null, delimiter: null });
    expect(t.headers).toEqual([
      'Nome',
      'CPF',
      'Milhas',
      'Compra',
      'Dobro',
      'Obs',
      'Site',
      'Ativo',
      'Erro',
      'Vence',
      'Coluna 11',
      'Nome (2)',
    ]);
    expect(t.rows).toEqual([
      [
        'Ana',
        '01234567890',
        '1234,5',
        '2024-01-31',
        '2469',
        'Olá mundo',
        'site',
        'Sim',
        '',
        '2025-01-30',
        '',
        '=HYPERLINK("x")',
      ],
      ['Bia', '5', '0,3', '31/01/2024', '', '', '', 'Não', '', '', '', ''],
    ]);
    expect(t.lines).toEqual([3, 5]);
    expect([...t.rowProblems]).toEqual([[1, M.columnCount(13, 12)]]);
  });

  it('read for a preview, keeps the first rows of a workbook and counts all', async () => {
    const bytes = await workbookBytes((wb) => {
      const sheet = wb.addWorksheet('Clientes');
      sheet.addRow(['Nome', 'CPF']);
      for (let i = 1; i <= 7; i++) sheet.addRow([`Cliente ${i}`, `${i}`]);
    });
    const preview = await readImportFile(bytes, 'c.xlsx', { keepRows: 3 });
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.table.rows.map((r) => r[0])).toEqual(['Cliente 1', 'Cliente 2', 'Cliente 3']);
    expect(preview.table.rowCount).toBe(7);
  });

  it('reads an XLSX whatever its name', async () => {
    expect((await readTable(await sample(), 'lotes.csv')).format).toBe('xlsx');
  });

  it('refuses an empty first worksheet and one with only the header', async () => {
    const empty = await workbookBytes((wb) => {
      wb.addWorksheet('Vazia');
      wb.addWorksheet('Dados').addRow(['a']);
    });
    expect(await readError(empty, 'x.xlsx')).toBe(M.fileXlsxEmpty);
    const headerOnly = await workbookBytes((wb) => wb.addWorksheet('A').addRow(['Nome', 'CPF']));
    expect(await readError(headerOnly, 'x.xlsx')).toBe(M.fileHeaderOnly);
  });

  it('refuses too many columns', async () => {
    const wide = await workbookBytes((wb) => {
      const ws = wb.addWorksheet('A');
      ws.addRow(Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, i) => `c${i}`));
      ws.addRow([1]);
    });
    expect(await readError(wide, 'x.xlsx')).toBe(M.fileTooManyColumns(IMPORT_MAX_COLUMNS));
  });

  it.each([
    ['truncated', (b: Uint8Array) => b.subarray(0, b.length >> 1)],
    ['garbage after the zip signature', () => bytesOf('PK', 3, 4, 'not really a zip archive')],
    ['damaged inside', (b: Uint8Array) => b.map((byte, i) => (i > 200 && i < 1200 ? byte ^ 0x55 : byte))],
  ])('refuses a corrupt XLSX: %s', async (_, corrupt) => {
    expect(await readError(corrupt(await sample()), 'lotes.xlsx')).toBe(M.fileXlsxUnreadable);
  });
});

describe('readImportFile: a workbook too big for its thread', () => {
  it('is refused with a message, read in a thread whose heap is capped (the server untouched)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Clientes');
    ws.addRow(['Nome', 'E-mail', 'Observações']);
    for (let i = 0; i < 20_000; i++) ws.addRow([`Cliente ${i}`, `cliente${i}@exemplo.com`, 'x'.repeat(40)]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const capped = await readImportFile(bytes, 'grande.xlsx', { xlsxMemoryMb: 8 });
    expect(capped).toEqual({ ok: false, message: M.fileXlsxTooBig });
    const read = await readImportFile(bytes, 'grande.xlsx');
    expect(read.ok && read.table.rows.length).toBe(20_000);
  });
});

describe('a value our exports neutralised', () => {
  it('loses the protective quote again; other leading quotes stay', async () => {
    const result = await readImportFile(
      new TextEncoder().encode(`nota;outra\n"'=SOMA(A1)";"'texto"\n"'- desde 2019";"'@x"\n`),
      'n.csv',
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.table.rows).toEqual([
      ['=SOMA(A1)', "'texto"],
      ['- desde 2019', '@x'],
    ]);
  });
});
