import { describe, expect, it } from 'vitest';
import { csvCell, neutralizeCsvCell, toCsv, UTF8_BOM } from '../csv';

describe('neutralizeCsvCell (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+5511999998888', `'+5511999998888`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['\rcmd', `'\rcmd`],
    ['José', 'José'],
    ['a=b', 'a=b'],
    [' =1', ' =1'],
    ['', ''],
  ])('%j → %j', (input, expected) => expect(neutralizeCsvCell(input)).toBe(expected));
});

describe('csvCell', () => {
  it.each([
    ['texto', '"texto"'],
    ['diz "oi"', '"diz ""oi"""'],
    ['a,b;c', '"a,b;c"'],
    ['linha\nnova', '"linha\nnova"'],
    [null, '""'],
    [undefined, '""'],
    [12, '"12"'],
    [-5, `"'-5"`],
    ['=1+1', `"'=1+1"`],
    ['="x"', `"'=""x"""`],
  ] as const)('%j → %s', (input, expected) => expect(csvCell(input)).toBe(expected));
});

describe('toCsv', () => {
  it('quotes every value, ends lines in CRLF and adds the BOM when asked', () => {
    const csv = toCsv(
      ['Nome', 'Observações'],
      [
        ['Conceição', null],
        ['=cmd', 'a "b"'],
      ],
      { bom: true },
    );
    expect(csv).toBe(`${UTF8_BOM}"Nome","Observações"\r\n"Conceição",""\r\n"'=cmd","a ""b"""\r\n`);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
  });

  it('has no BOM by default, a header alone when there are no rows, and takes a delimiter', () => {
    expect(toCsv(['A', 'B'], [])).toBe('"A","B"\r\n');
    expect(toCsv(['A', 'B'], [['1', '2']], { delimiter: ';' })).toBe('"A";"B"\r\n"1";"2"\r\n');
  });
});
