import type { Content } from 'pdfmake/interfaces';
import { formatCpf } from '../../../domain/documents';
import type { EmissionDetail } from '../../../domain/emissions/emission.schema';
import { EMISSION_STATUS_LABELS } from '../../../domain/emissions/emission.schema';
import { ENTRY_CATEGORY_LABELS, PAYMENT_METHOD_LABELS, type Entry } from '../../../domain/finance/entry.schema';
import { formatCents, formatDate, formatDateTime, formatNumber, formatPercent } from '../../../domain/format';
import type { Lot, LotAllocation } from '../../../domain/lots/lot.schema';
import { LOT_STATUS_LABELS } from '../../../domain/lots/lot.schema';
import { programName } from '../../../domain/programs';
import { breakdown, fields, NEGATIVE, reportDocument, section, table, type ReportAgency } from './layout';

// The documents (issue #19): pure functions from what the API already answers for the record to a
// pdfmake definition, rendered in the PDF thread (render.ts). Their figures are checked by text
// extraction in reports.routes.test.ts.

/** R$ per thousand miles: "R$ 25,5000". */
const perThousand = (text: string) =>
  `R$ ${Number(text).toLocaleString('pt-BR', { minimumFractionDigits: 4, maximumFractionDigits: 4 })}`;
const money = (cents: number) => formatCents(cents);
const negative = (cents: number) => ({ text: money(cents), color: cents < 0 ? NEGATIVE : undefined });

const TIMELINE_LABELS = {
  created: 'Criada',
  submitted: 'Enviada',
  issued: 'Emitida',
  failed: 'Falhou',
  cancelled: 'Cancelada',
} as const;

export interface EmissionReportData {
  agency: ReportAgency;
  generatedAt: string;
  detail: EmissionDetail;
  postings: Entry[];
}

/** Client, account, route, passengers, lots used with their CPM, the financial breakdown, the timeline, the postings. */
export function emissionDocument({ agency, generatedAt, detail, postings }: EmissionReportData) {
  const e = detail.emission;
  const cost = e.fees_cents + e.miles_cost_cents + e.rav_cents;
  const content: Content[] = [
    section('Emissão'),
    fields([
      ['Cliente', e.client_name],
      ['E-mail do cliente', e.client_email ?? ''],
      ['Status', EMISSION_STATUS_LABELS[e.status]],
      ['Programa', programName(e.program)],
      ['Conta', e.account_number],
      ['PNR', e.pnr ?? ''],
      ['Rota', e.route],
      ['Data de embarque', formatDate(e.departure_date)],
      ['Milhas utilizadas', formatNumber(e.miles_used)],
    ]),
    section('Passageiros'),
    table(
      [{ header: 'Nome' }, { header: 'CPF', width: 110 }],
      detail.passengers.map((p) => [p.name, formatCpf(p.cpf)]),
      'Nenhum passageiro informado.',
    ),
    section('Lotes utilizados'),
    table(
      [
        { header: 'Lote (fornecedor)' },
        { header: 'Validade', width: 62 },
        { header: 'Milhas', width: 62, align: 'right' },
        { header: 'Custo do milheiro', width: 86, align: 'right' },
        { header: 'Custo', width: 76, align: 'right' },
      ],
      detail.allocations.map((a) => [
        a.lot_supplier ?? `Lote ${a.lot_id.slice(0, 8)}`,
        formatDate(a.lot_expiry_date) || '—',
        formatNumber(a.miles),
        perThousand(a.cost_per_thousand),
        money(a.cost_cents),
      ]),
      'Nenhum lote alocado.',
    ),
    section('Financeiro'),
    breakdown([
      { label: 'Receita', value: money(e.revenue_cents) },
      { label: 'Taxas de embarque', value: money(e.fees_cents) },
      { label: 'Custo das milhas', value: money(e.miles_cost_cents) },
      { label: 'RAV', value: money(e.rav_cents) },
      { label: 'Custo total', value: money(cost) },
      {
        label: `Margem (${formatPercent(e.margin_percent)})`,
        value: money(e.margin_cents),
        strong: true,
        color: e.margin_cents < 0 ? NEGATIVE : undefined,
      },
    ]),
    section('Linha do tempo'),
    table(
      [{ header: 'Etapa' }, { header: 'Data e hora', width: 140 }],
      detail.timeline.map((t) => [TIMELINE_LABELS[t.kind], formatDateTime(t.at)]),
      'Sem eventos.',
    ),
    section('Lançamentos'),
    table(
      [
        { header: 'Data', width: 62 },
        { header: 'Categoria', width: 92 },
        { header: 'Descrição' },
        { header: 'Forma', width: 72 },
        { header: 'Valor', width: 80, align: 'right' },
      ],
      postings.map((p) => [
        formatDate(p.entry_date),
        ENTRY_CATEGORY_LABELS[p.category],
        p.description ?? '',
        p.payment_method ? PAYMENT_METHOD_LABELS[p.payment_method] : '—',
        negative(p.amount_cents),
      ]),
      'Nenhum lançamento registrado para esta emissão.',
    ),
  ];
  return reportDocument(
    {
      agency,
      generatedAt,
      title: `Relatório da emissão ${e.route}`,
      subtitle: `${e.client_name} · ${e.pnr ? `PNR ${e.pnr} · ` : ''}criada em ${formatDate(e.created_at)}`,
    },
    content,
  );
}

export interface LotReportData {
  agency: ReportAgency;
  generatedAt: string;
  lot: Lot;
  allocations: LotAllocation[];
  postings: Entry[];
}

/** The purchase, the use history, the remaining value and the expiry. */
export function lotDocument({ agency, generatedAt, lot, allocations, postings }: LotReportData) {
  const live = allocations.filter((a) => a.released_at === null);
  const content: Content[] = [
    section('Compra'),
    fields([
      ['Programa', programName(lot.program)],
      ['Conta', `${lot.account_number}${lot.client_name ? ` · ${lot.client_name}` : ' · conta da agência'}`],
      ['Status', LOT_STATUS_LABELS[lot.status]],
      ['Fornecedor', lot.supplier ?? ''],
      ['Data da compra', formatDate(lot.purchase_date)],
      ['Validade', lot.expiry_date ? formatDate(lot.expiry_date) : 'Sem validade'],
      ['Milhas compradas', formatNumber(lot.original_quantity)],
      ['Custo do milheiro', perThousand(lot.cost_per_thousand)],
      ['Custo total', money(lot.total_cost_cents)],
    ]),
    section('Saldo'),
    breakdown([
      { label: 'Milhas compradas', value: formatNumber(lot.original_quantity) },
      { label: 'Milhas usadas', value: formatNumber(lot.used_quantity) },
      { label: 'Milhas restantes', value: formatNumber(lot.remaining_quantity), strong: true },
      { label: 'Valor restante (ao custo)', value: money(lot.remaining_value_cents), strong: true },
    ]),
    section('Histórico de uso'),
    table(
      [
        { header: 'Data', width: 62 },
        { header: 'Emissão' },
        { header: 'Cliente' },
        { header: 'Status', width: 62 },
        { header: 'Milhas', width: 58, align: 'right' },
        { header: 'Custo', width: 70, align: 'right' },
      ],
      allocations.map((a) => [
        formatDate(a.created_at),
        `${a.emission_route}${a.emission_pnr ? ` · ${a.emission_pnr}` : ''}`,
        a.client_name ?? '',
        a.released_at
          ? 'Devolvida'
          : (EMISSION_STATUS_LABELS[a.emission_status as keyof typeof EMISSION_STATUS_LABELS] ?? a.emission_status),
        formatNumber(a.miles),
        money(a.cost_cents),
      ]),
      'Este lote ainda não foi usado.',
    ),
    {
      text: `${formatNumber(live.length)} uso(s) em vigor, ${formatNumber(allocations.length - live.length)} devolvido(s).`,
      style: 'small',
    },
    section('Lançamentos'),
    table(
      [
        { header: 'Data', width: 62 },
        { header: 'Categoria', width: 92 },
        { header: 'Descrição' },
        { header: 'Valor', width: 80, align: 'right' },
      ],
      postings.map((p) => [
        formatDate(p.entry_date),
        ENTRY_CATEGORY_LABELS[p.category],
        p.description ?? '',
        negative(p.amount_cents),
      ]),
      'Nenhum lançamento registrado para este lote.',
    ),
  ];
  return reportDocument(
    {
      agency,
      generatedAt,
      title: `Relatório do lote ${programName(lot.program)} de ${formatNumber(lot.original_quantity)} milhas`,
      subtitle: `Comprado em ${formatDate(lot.purchase_date)}${lot.supplier ? ` de ${lot.supplier}` : ''}`,
    },
    content,
  );
}

export type ReportDocumentRequest =
  { kind: 'emission'; data: EmissionReportData } | { kind: 'lot'; data: LotReportData };

export function documentFor(request: ReportDocumentRequest) {
  return request.kind === 'emission' ? emissionDocument(request.data) : lotDocument(request.data);
}
