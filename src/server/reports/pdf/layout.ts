import type { Content, ContentTable, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { formatCnpj } from '../../../domain/documents';
import { formatDateTime } from '../../../domain/format';

// The frame every report shares (issue #19): A4, the agency's name and CNPJ on top of each page,
// "Página x de y" and the moment it was generated at the foot, Roboto (bundled with pdfmake, read
// from its package: no network at render), pt-BR figures, tables whose header repeats on each page.

export interface ReportAgency {
  trade_name: string;
  legal_name: string;
  cnpj: string;
}

export interface ReportFrame {
  agency: ReportAgency;
  /** "Relatório da emissão GRU-LIS" */
  title: string;
  subtitle?: string;
  /** ISO timestamp of the generation. */
  generatedAt: string;
}

const INK = '#0f172a';
const MUTED = '#64748b';
const RULE = '#cbd5e1';
const HEAD_FILL = '#e2e8f0';
const ZEBRA = '#f8fafc';
export const ACCENT = '#1e40af';
export const NEGATIVE = '#b91c1c';

export function reportDocument(frame: ReportFrame, content: Content[]): TDocumentDefinitions {
  const generated = `Gerado em ${formatDateTime(frame.generatedAt)}`;
  return {
    pageSize: 'A4',
    pageMargins: [40, 78, 40, 50],
    info: { title: frame.title, author: frame.agency.trade_name, creator: 'Milheiro', producer: 'Milheiro' },
    defaultStyle: { font: 'Roboto', fontSize: 9.5, color: INK, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 16, bold: true, color: INK },
      subtitle: { fontSize: 10, color: MUTED },
      section: { fontSize: 11.5, bold: true, color: ACCENT, margin: [0, 14, 0, 6] },
      label: { fontSize: 8, color: MUTED },
      value: { fontSize: 10 },
      tableHead: { bold: true, fontSize: 8.5, color: INK },
      muted: { color: MUTED },
      small: { fontSize: 8, color: MUTED },
    },
    header: () => ({
      margin: [40, 24, 40, 0],
      stack: [
        {
          columns: [
            { text: frame.agency.trade_name, bold: true, fontSize: 11 },
            {
              text: `${frame.agency.legal_name} · CNPJ ${formatCnpj(frame.agency.cnpj)}`,
              alignment: 'right',
              style: 'small',
            },
          ],
        },
        { canvas: [{ type: 'line', x1: 0, y1: 6, x2: 515, y2: 6, lineWidth: 0.7, lineColor: RULE }] },
      ],
    }),
    footer: (currentPage: number, pageCount: number) => ({
      margin: [40, 16, 40, 0],
      columns: [
        { text: generated, style: 'small' },
        { text: `Página ${currentPage} de ${pageCount}`, alignment: 'right', style: 'small' },
      ],
    }),
    // A section title with nothing after it on its page moves to the next one, with its content.
    pageBreakBefore: (node, following) => node.headlineLevel === 1 && following.getFollowingNodesOnPage().length === 0,
    content: [
      { text: frame.title, style: 'title' },
      ...(frame.subtitle ? [{ text: frame.subtitle, style: 'subtitle', margin: [0, 2, 0, 0] } as Content] : []),
      ...content,
    ],
  };
}

/** A section's title; never left alone at the foot of a page (pageBreakBefore below). */
export const section = (text: string): Content => ({ text, style: 'section', headlineLevel: 1 });

/** Label over value, in columns of `perRow`. */
export function fields(items: readonly (readonly [string, string | Content])[], perRow = 3): Content {
  const rows: Content[] = [];
  for (let i = 0; i < items.length; i += perRow) {
    const slice = items.slice(i, i + perRow);
    rows.push({
      columns: [
        ...slice.map(([label, value]) => ({
          width: '*',
          stack: [
            { text: label, style: 'label' },
            typeof value === 'string' ? { text: value || '—', style: 'value' } : value,
          ],
        })),
        ...Array.from({ length: perRow - slice.length }, () => ({ width: '*', text: '' })),
      ],
      columnGap: 12,
      margin: [0, 0, 0, 8],
    });
  }
  return { stack: rows };
}

export interface Column {
  header: string;
  width?: number | '*' | 'auto';
  align?: 'left' | 'right' | 'center';
}

/** A table whose header row repeats on every page, zebra rows, figures right-aligned. */
export function table(columns: readonly Column[], rows: readonly (readonly TableCell[])[], empty: string): Content {
  if (rows.length === 0) return { text: empty, style: 'muted', margin: [0, 0, 0, 6] };
  const body: TableCell[][] = [
    columns.map((c) => ({ text: c.header, style: 'tableHead', alignment: c.align ?? 'left' })),
    ...rows.map((row) =>
      row.map((cell, i): TableCell => {
        const alignment = columns[i]?.align ?? 'left';
        return typeof cell === 'string' || typeof cell === 'number'
          ? { text: String(cell), alignment }
          : ({ alignment, ...(cell as object) } as TableCell);
      }),
    ),
  ];
  const t: ContentTable = {
    table: { headerRows: 1, widths: columns.map((c) => c.width ?? '*'), body, dontBreakRows: true },
    layout: {
      fillColor: (rowIndex: number) => (rowIndex === 0 ? HEAD_FILL : rowIndex % 2 === 0 ? ZEBRA : null),
      hLineWidth: (i: number, node) => (i === 0 || i === 1 || i === node.table.body.length ? 0.7 : 0),
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingTop: () => 4,
      paddingBottom: () => 4,
      paddingLeft: () => 5,
      paddingRight: () => 5,
    },
    margin: [0, 0, 0, 6],
  };
  return t;
}

/** A two-column block of label → figure lines with a total line (a financial breakdown). */
export function breakdown(lines: readonly { label: string; value: string; strong?: boolean; color?: string }[]) {
  return {
    table: {
      widths: ['*', 'auto'],
      body: lines.map((l) => [
        { text: l.label, bold: l.strong ?? false },
        { text: l.value, alignment: 'right' as const, bold: l.strong ?? false, color: l.color ?? INK },
      ]),
    },
    layout: {
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === node.table.body.length - 1 ? 0.7 : 0),
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    margin: [0, 0, 0, 6],
  } satisfies Content;
}
