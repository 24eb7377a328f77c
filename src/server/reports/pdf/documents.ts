import type { Content } from 'pdfmake/interfaces';
import { ALERT_KIND_LABELS, ALERT_KINDS, type Alert } from '../../../domain/alerts/alert.schema';
import { formatCpf, formatPhone } from '../../../domain/documents';
import type { EmissionDetail } from '../../../domain/emissions/emission.schema';
import { EMISSION_STATUS_LABELS } from '../../../domain/emissions/emission.schema';
import { ENTRY_CATEGORY_LABELS, PAYMENT_METHOD_LABELS, type Entry } from '../../../domain/finance/entry.schema';
import type { FinanceSummary } from '../../../domain/finance/summary.schema';
import {
  formatCents,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  monthName,
  shortMonthYear,
} from '../../../domain/format';
import type { Lot, LotAllocation } from '../../../domain/lots/lot.schema';
import { LOT_STATUS_LABELS } from '../../../domain/lots/lot.schema';
import { programName } from '../../../domain/programs';
import { paymentLines, type Proposal } from '../../../domain/quotes/proposal';
import { monthlyChartSvg } from './charts';
import { ACCENT, breakdown, fields, NEGATIVE, reportDocument, section, table, type ReportAgency } from './layout';

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

export interface AlertsReportData {
  agency: ReportAgency;
  generatedAt: string;
  /** "Abertos · Expiração · LATAM Pass · 01/11/2026 a 30/11/2026" */
  filterLabel: string;
  alerts: Alert[];
  /** How many alerts the filter has (the report lists at most ALERTS_REPORT_MAX). */
  total: number;
}

/** The alerts of /alertas's filter: what each is about, since when, read or not. */
export function alertsDocument({ agency, generatedAt, filterLabel, alerts, total }: AlertsReportData) {
  const about = (a: Alert): string => {
    if (a.lot) {
      const days = a.lot.days_to_expiry;
      return `Lote ${programName(a.lot.program)} · conta ${a.lot.account_number} · ${formatNumber(a.lot.remaining_quantity)} milhas · vence ${formatDate(a.lot.expiry_date)} (${days < 0 ? `vencido há ${-days} dia(s)` : `em ${days} dia(s)`})`;
    }
    if (a.emission) {
      const e = a.emission;
      return `Emissão ${e.route}${e.pnr ? ` · ${e.pnr}` : ''} · ${e.client_name} · receita ${money(e.revenue_cents)}, margem ${money(e.margin_cents)}`;
    }
    return a.message;
  };
  const byKind = ALERT_KINDS.map(
    (k) => [ALERT_KIND_LABELS[k], formatNumber(alerts.filter((a) => a.kind === k).length)] as const,
  );
  const content: Content[] = [
    section('Resumo'),
    fields([['Filtro', filterLabel], ['Alertas', formatNumber(total)], ...byKind], 3),
    section('Alertas'),
    table(
      [
        { header: 'Tipo', width: 78 },
        { header: 'Sobre' },
        { header: 'Desde', width: 62 },
        { header: 'Lido', width: 34, align: 'center' },
      ],
      alerts.map((a) => [ALERT_KIND_LABELS[a.kind], about(a), formatDate(a.created_at), a.is_read ? 'Sim' : 'Não']),
      'Nenhum alerta neste filtro.',
    ),
    ...(total > alerts.length
      ? [
          {
            text: `Mostrando ${formatNumber(alerts.length)} de ${formatNumber(total)} alertas; refine o filtro para ver os demais.`,
            style: 'small',
          } as Content,
        ]
      : []),
  ];
  return reportDocument({ agency, generatedAt, title: 'Relatório de alertas', subtitle: filterLabel }, content);
}

export interface FinanceReportData {
  agency: ReportAgency;
  generatedAt: string;
  /** "novembro de 2026" */
  monthLabel: string;
  summary: FinanceSummary;
}

/** The month of /financeiro: accrual beside the month before, cash by method, what separates them, twelve months charted. */
export function financeDocument({ agency, generatedAt, monthLabel, summary }: FinanceReportData) {
  const a = summary.accrual;
  const p = summary.previous_accrual;
  const change = (now: number, before: number) =>
    before === 0
      ? '—'
      : `${now >= before ? '+' : '−'}${formatPercent((Math.abs(now - before) / Math.abs(before)) * 100)}`;
  const chart = monthlyChartSvg(
    summary.monthly.map((m) => ({
      label: shortMonthYear(m.month),
      revenue: m.revenue_cents / 100,
      cost: m.cost_cents / 100,
      margin: m.margin_cents / 100,
    })),
  );
  const content: Content[] = [
    section('Competência'),
    table(
      [
        { header: '' },
        { header: monthLabel, width: 110, align: 'right' },
        { header: 'Mês anterior', width: 110, align: 'right' },
        { header: 'Variação', width: 70, align: 'right' },
      ],
      [
        ['Emissões', formatNumber(a.emissions), formatNumber(p.emissions), change(a.emissions, p.emissions)],
        ['Receita', money(a.revenue_cents), money(p.revenue_cents), change(a.revenue_cents, p.revenue_cents)],
        ['Custo', money(a.cost_cents), money(p.cost_cents), change(a.cost_cents, p.cost_cents)],
        [
          { text: 'Lucro', bold: true },
          { text: money(a.margin_cents), bold: true, color: a.margin_cents < 0 ? NEGATIVE : undefined },
          money(p.margin_cents),
          change(a.margin_cents, p.margin_cents),
        ],
        ['Margem', formatPercent(a.margin_percent), formatPercent(p.margin_percent), ''],
      ],
      '',
    ),
    section('Caixa'),
    table(
      [
        { header: 'Forma de pagamento' },
        { header: 'Entradas', width: 100, align: 'right' },
        { header: 'Saídas', width: 100, align: 'right' },
      ],
      [
        ...summary.cash.by_method.map((m) => [
          m.method ? PAYMENT_METHOD_LABELS[m.method] : 'Não informado',
          money(m.in_cents),
          negative(m.out_cents),
        ]),
        [
          { text: 'Total', bold: true },
          { text: money(summary.cash.in_cents), bold: true },
          { text: money(summary.cash.out_cents), bold: true },
        ],
      ],
      'Nenhum lançamento no mês.',
    ),
    breakdown([{ label: 'Saldo do mês (entradas − saídas)', value: money(summary.cash.net_cents), strong: true }]),
    section('Competência × Caixa'),
    breakdown([
      { label: 'A receber (emissões até o fim do mês, hoje)', value: money(summary.receivables_cents) },
      { label: 'Compras de lotes no mês (estoque, não custo)', value: money(summary.differences.lot_purchases_cents) },
      {
        label: 'Custo das milhas usadas (sem saída de caixa no mês)',
        value: money(summary.differences.miles_used_cents),
      },
      {
        label: 'Lançamentos em emissões canceladas ou com falha',
        value: money(summary.differences.void_postings_cents),
      },
      { label: 'Milhas em estoque (ao custo, hoje)', value: money(summary.stock_cost_cents), strong: true },
    ]),
    section('Doze meses'),
    { svg: chart, width: 515 },
    table(
      [
        { header: 'Mês' },
        { header: 'Receita', width: 100, align: 'right' },
        { header: 'Custo', width: 100, align: 'right' },
        { header: 'Lucro', width: 100, align: 'right' },
      ],
      summary.monthly.map((m) => [
        `${monthName(m.month).slice(0, 3)}/${m.month.slice(0, 4)}`,
        money(m.revenue_cents),
        money(m.cost_cents),
        negative(m.margin_cents),
      ]),
      '',
    ),
  ];
  return reportDocument(
    {
      agency,
      generatedAt,
      title: `Relatório financeiro — ${monthLabel}`,
      subtitle: 'Competência, caixa e o que os separa',
    },
    content,
  );
}

export interface ProposalReportData {
  agency: ReportAgency;
  generatedAt: string;
  proposal: Proposal;
}

/**
 * The proposal a client receives ("Enviar Proposta"): the trip, the price, how to pay and until
 * when — built from a Proposal, which has no field for cost, CPM, markup or margin.
 */
export function proposalDocument({ agency, generatedAt, proposal }: ProposalReportData) {
  const p = proposal;
  // Roboto has no arrow: the airports joined by a dash in the PDF ("NAT – GRU – LIS").
  const trip: [string, string][] = [['Rota', p.route.split('-').join(' – ')]];
  if (p.departure_date) trip.push([p.return_date ? 'Ida' : 'Data de embarque', formatDate(p.departure_date)]);
  if (p.return_date) trip.push(['Volta', formatDate(p.return_date)]);
  const content: Content[] = [
    section('Viagem'),
    fields(trip, 3),
    ...(p.passengers.length > 0
      ? [
          section(`Passageiro${p.passengers.length > 1 ? `s (${p.passengers.length})` : ''}`),
          { ul: [...p.passengers], margin: [0, 0, 0, 4] } as Content,
        ]
      : []),
    section('Valor'),
    { text: formatCents(p.price_cents), fontSize: 22, bold: true, color: ACCENT, margin: [0, 0, 0, 4] },
    { text: 'Formas de pagamento', style: 'label', margin: [0, 6, 0, 2] },
    { ul: paymentLines(p.payment), margin: [0, 0, 0, 4] },
    ...(p.notes ? [section('Observações'), { text: p.notes } as Content] : []),
    {
      text: `Proposta válida até ${formatDateTime(p.valid_until).replace(' ', ' às ')}.`,
      bold: true,
      margin: [0, 16, 0, 4],
    },
    {
      text: [p.agency.phone ? formatPhone(p.agency.phone) : null, p.agency.email ?? null].filter(Boolean).join(' · '),
      style: 'muted',
    },
  ];
  return reportDocument(
    {
      agency,
      generatedAt,
      title: 'Proposta de viagem',
      subtitle: p.client_name ? `Para ${p.client_name}` : undefined,
    },
    content,
  );
}

export type ReportDocumentRequest =
  | { kind: 'emission'; data: EmissionReportData }
  | { kind: 'lot'; data: LotReportData }
  | { kind: 'alerts'; data: AlertsReportData }
  | { kind: 'finance_month'; data: FinanceReportData }
  | { kind: 'quote'; data: ProposalReportData };

export function documentFor(request: ReportDocumentRequest) {
  switch (request.kind) {
    case 'emission':
      return emissionDocument(request.data);
    case 'lot':
      return lotDocument(request.data);
    case 'alerts':
      return alertsDocument(request.data);
    case 'finance_month':
      return financeDocument(request.data);
    case 'quote':
      return proposalDocument(request.data);
  }
}
