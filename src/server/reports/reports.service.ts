import { ALERT_KIND_LABELS } from '../../domain/alerts/alert.schema';
import { addDaysIso, addMonthsIso, monthYearLabel } from '../../domain/format';
import { programName } from '../../domain/programs';
import {
  ALERTS_REPORT_MAX,
  REPORT_HISTORY_LIMIT,
  REPORT_LINK_SECONDS,
  REPORT_MESSAGES,
  reportListQuerySchema,
  type AlertsReportFilter,
  type ReportInput,
  type Report,
  type ReportCreated,
  type ReportLink,
  type ReportList,
} from '../../domain/reports/report.schema';
import { getAgency } from '../agency/agency.queries';
import type { Db, Transaction } from '../db/client';
import { listAlerts } from '../alerts/alerts.service';
import { getEmissionDetail } from '../emissions/emissions.service';
import { readStoredFile, storeFile } from '../files/files.queries';
import { proposalFromQuote } from '../../domain/quotes/proposal';
import { getEntriesPage } from '../finance/entries.queries';
import { getQuote } from '../quotes/quotes.service';
import { getFinanceSummary } from '../finance/summary.service';
import { AppError } from '../http/errors';
import { parseOrThrow } from '../http/validate';
import { getLotAllocationsPage } from '../lots/lots.queries';
import { getLotDetail } from '../lots/lots.service';
import type { ReportDocumentRequest } from './pdf/documents';
import { pdfThread } from './pdf/pdf-thread';
import { getReport, insertReport, listReportsOf, type ReportRow } from './reports.queries';
import { linkTokenValid, signLink } from '../http/signed-link';

const M = REPORT_MESSAGES;

/** Rows a report lists at most (postings, uses of a lot): far past any real record. */
const REPORT_ROWS = 2000;

interface Actor {
  agencyId: string;
  userId: string | null;
  /** The session's id (the hash of its cookie): the download link's key. */
  sessionId: string;
}

const reportNotFound = () => new AppError('NOT_FOUND', M.notFound, { status: 404 });
const linkInvalid = () => new AppError('FORBIDDEN', M.linkInvalid, { status: 403 });

const toDto = (row: ReportRow): Report => ({
  id: row.id,
  ref_type: row.ref_type,
  ref_id: row.ref_id,
  title: row.title,
  file_name: row.params.file_name ?? 'relatorio.pdf',
  size_bytes: row.size_bytes,
  pages: row.params.pages ?? 0,
  generated_at: row.generated_at,
  generated_by_name: row.generated_by_name,
});

// ---- Signed links ----

/** A download link valid REPORT_LINK_SECONDS (spec part 2 §7), signed with the session's key (http/signed-link.ts). */
export function reportLink(sessionId: string, reportId: string, now = Date.now()): ReportLink {
  const { token, expires_at } = signLink(sessionId, reportId, REPORT_LINK_SECONDS, now);
  return { url: `/api/v1/reports/${reportId}/download?token=${encodeURIComponent(token)}`, expires_at };
}

function checkToken(sessionId: string, reportId: string, token: string) {
  if (!linkTokenValid(sessionId, reportId, token)) throw linkInvalid();
}

// ---- Generation ----

const brDate = (iso: string) => iso.split('-').reverse().join('/');

/** "Abertos · Expiração · LATAM Pass · 01/11/2026 a 30/11/2026": the alerts report's filter in words. */
function alertsFilterLabel(f: AlertsReportFilter): string {
  return [
    f.status === 'resolved' ? 'Resolvidos' : 'Abertos',
    f.kind ? ALERT_KIND_LABELS[f.kind] : 'Todos os tipos',
    f.program ? programName(f.program) : '',
    f.account_id ? 'Conta selecionada' : '',
    f.date_from || f.date_to
      ? `${f.date_from ? brDate(f.date_from) : 'início'} a ${f.date_to ? brDate(f.date_to) : 'hoje'}`
      : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** What the report's document needs, read through the same services as its page (404 when the record is not the agency's). */
async function documentRequest(db: Transaction, agencyId: string, today: string, input: ReportInput) {
  const agencyRow = await getAgency(db, { agencyId });
  const agency = {
    trade_name: agencyRow?.trade_name ?? '',
    legal_name: agencyRow?.legal_name ?? '',
    cnpj: agencyRow?.cnpj ?? '',
  };
  const generatedAt = new Date().toISOString();
  const postingsOf = async (filter: { emission_id?: string; lot_id?: string }) =>
    (await getEntriesPage(db, { agencyId, ...filter, offset: 0, limit: REPORT_ROWS })).rows.map((r) => ({
      ...r,
      amount_cents: Number(r.amount_cents),
    }));
  switch (input.ref_type) {
    case 'emission': {
      const detail = await getEmissionDetail(db, { agencyId, id: input.ref_id });
      const e = detail.emission;
      return {
        refId: input.ref_id as string | null,
        params: {},
        request: {
          kind: 'emission',
          data: { agency, generatedAt, detail, postings: await postingsOf({ emission_id: input.ref_id }) },
        } satisfies ReportDocumentRequest,
        title: `Emissão ${e.route}${e.pnr ? ` · ${e.pnr}` : ''} · ${e.client_name}`,
        fileName: `emissao-${(e.pnr ?? e.route).replace(/[^A-Za-z0-9-]+/g, '-')}-${generatedAt.slice(0, 10)}.pdf`,
      };
    }
    case 'lot': {
      const { lot } = await getLotDetail(db, { agencyId, id: input.ref_id });
      const { rows } = await getLotAllocationsPage(db, {
        agencyId,
        lotId: input.ref_id,
        offset: 0,
        limit: REPORT_ROWS,
      });
      return {
        refId: input.ref_id as string | null,
        params: {},
        request: {
          kind: 'lot',
          data: { agency, generatedAt, lot, allocations: rows, postings: await postingsOf({ lot_id: input.ref_id }) },
        } satisfies ReportDocumentRequest,
        title: `Lote ${programName(lot.program)} de ${lot.original_quantity.toLocaleString('pt-BR')} milhas · ${brDate(lot.purchase_date)}`,
        fileName: `lote-${lot.program.toLowerCase()}-${lot.purchase_date}-${lot.id.slice(0, 8)}.pdf`,
      };
    }
    case 'quote': {
      const quote = await getQuote(db, { agencyId, id: input.ref_id });
      const proposal = proposalFromQuote(quote, {
        name: agencyRow?.trade_name ?? '',
        cnpj: agencyRow?.cnpj ?? null,
        phone: agencyRow?.phone ?? null,
        email: agencyRow?.email ?? null,
      });
      return {
        refId: input.ref_id as string | null,
        params: {},
        request: { kind: 'quote', data: { agency, generatedAt, proposal } } satisfies ReportDocumentRequest,
        title: `Proposta ${quote.route}${quote.client_name ? ` · ${quote.client_name}` : ''}`,
        fileName: `proposta-${quote.route.replace(/[^A-Za-z0-9-]+/g, '-')}-${generatedAt.slice(0, 10)}.pdf`,
        quote,
        proposal,
      };
    }
    case 'alerts': {
      const list = await listAlerts(db, { agencyId, today }, { ...input.filter, page: 1, limit: ALERTS_REPORT_MAX });
      const filterLabel = alertsFilterLabel(input.filter);
      return {
        refId: null,
        params: { filter: input.filter },
        request: {
          kind: 'alerts',
          data: { agency, generatedAt, filterLabel, alerts: list.data, total: list.total },
        } satisfies ReportDocumentRequest,
        title: `Alertas · ${filterLabel}`,
        fileName: `alertas-${generatedAt.slice(0, 10)}.pdf`,
      };
    }
    case 'finance_month': {
      const from = `${input.month}-01`;
      const to = addDaysIso(addMonthsIso(from, 1)!, -1)!;
      const summary = await getFinanceSummary(db, { agencyId, today }, { from, to });
      return {
        refId: null,
        params: { month: input.month },
        request: {
          kind: 'finance_month',
          data: { agency, generatedAt, monthLabel: monthYearLabel(input.month), summary },
        } satisfies ReportDocumentRequest,
        title: `Financeiro · ${monthYearLabel(input.month)}`,
        fileName: `financeiro-${input.month}.pdf`,
      };
    }
  }
}

/**
 * POST /reports: the record's PDF rendered in the PDF thread (the event loop stays free), kept in
 * stored_files and listed in its history; answered with a download link ready to open.
 */
export async function createReport(
  db: Transaction,
  actor: Actor & { today: string },
  input: ReportInput,
): Promise<ReportCreated> {
  return (await keepReport(db, actor, input)).report;
}

/** The report rendered and kept, with the stored file's id and what its document was built from. */
export async function keepReport(db: Transaction, actor: Actor & { today: string }, input: ReportInput) {
  const built = await documentRequest(db, actor.agencyId, actor.today, input);
  const { request, title, fileName, refId, params } = built;
  let rendered;
  try {
    rendered = await pdfThread.render(request);
  } catch {
    throw new AppError('REPORT_FAILED', M.renderFailed, { status: 500 });
  }
  const file = await storeFile(db, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    purpose: 'report',
    name: fileName,
    contentType: 'application/pdf',
    bytes: rendered.bytes,
  });
  const id = await insertReport(db, {
    agencyId: actor.agencyId,
    refType: input.ref_type,
    refId,
    title,
    fileId: file.id,
    size: file.size,
    params: { ...params, pages: rendered.pages, file_name: fileName },
    userId: actor.userId,
  });
  const row = (await getReport(db, { agencyId: actor.agencyId, id }))!;
  const report: ReportCreated = { ...toDto(row), link: reportLink(actor.sessionId, id) };
  return { report, fileId: file.id, proposal: 'proposal' in built ? built.proposal : undefined };
}

/** GET /reports?ref_type&ref_id: the record's history, newest first. */
export async function listReports(db: Db, agencyId: string, query: unknown): Promise<ReportList> {
  const input = parseOrThrow(reportListQuerySchema, query);
  const rows = await listReportsOf(db, {
    agencyId,
    refType: input.ref_type,
    refId: input.ref_id ?? null,
    limit: REPORT_HISTORY_LIMIT,
  });
  return { data: rows.map(toDto) };
}

/** POST /reports/:id/link: a fresh download link for a report of the history. */
export async function newReportLink(db: Db, actor: Actor, id: string): Promise<ReportLink> {
  if (!(await getReport(db, { agencyId: actor.agencyId, id }))) throw reportNotFound();
  return reportLink(actor.sessionId, id);
}

/** GET /reports/:id/download?token=: the PDF, when the link is the session's and alive (403 otherwise). */
export async function downloadReport(db: Db, actor: Actor, id: string, token: string) {
  const row = await getReport(db, { agencyId: actor.agencyId, id });
  if (!row) throw reportNotFound();
  checkToken(actor.sessionId, id, token);
  const file = await readStoredFile(db, { agencyId: actor.agencyId, id: row.file_id });
  if (!file) throw reportNotFound();
  return { bytes: file.content, fileName: toDto(row).file_name };
}
