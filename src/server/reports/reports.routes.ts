import { Hono } from 'hono';
import {
  REPORT_MESSAGES,
  reportCreatedSchema,
  reportDownloadQuerySchema,
  reportInputSchema,
  reportLinkSchema,
  reportListQuerySchema,
  reportListSchema,
} from '../../domain/reports/report.schema';
import type { AppEnv } from '../http/context';
import { AppError } from '../http/errors';
import { apiDoc, json, pdf, uuidIdParams } from '../http/openapi';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import { createReport, downloadReport, listReports, newReportLink } from './reports.service';

const docs = {
  create: apiDoc({
    tag: 'reports',
    operationId: 'createReport',
    summary: "Generate a PDF — an emission's, a lot's, the alerts of a filter, a month of finance — and keep it",
    description:
      "Rendered off the event loop (a worker thread), kept with the agency's files; the answer carries a download link valid 600 s. 404 when the record is not the agency's.",
    body: reportInputSchema,
    response: json('The report and its download link', reportCreatedSchema, 201),
    errors: [404],
  }),
  list: apiDoc({
    tag: 'reports',
    operationId: 'listReports',
    summary: "A record's generated PDFs, newest first (at most 20)",
    query: reportListQuerySchema,
    response: json('The history', reportListSchema),
  }),
  link: apiDoc({
    tag: 'reports',
    operationId: 'createReportLink',
    summary: 'A fresh download link (600 s) for a report of the history',
    params: uuidIdParams,
    response: json('The link', reportLinkSchema),
    errors: [404],
  }),
  download: apiDoc({
    tag: 'reports',
    operationId: 'downloadReport',
    summary: 'The PDF, through a signed link',
    description:
      "`token` comes from a link (POST /reports or /reports/:id/link): signed with the session's key, valid 600 s. 403 when expired, tampered or another session's; 404 for a report not the agency's.",
    params: uuidIdParams,
    query: reportDownloadQuerySchema,
    response: pdf('The PDF file (inline, with its file name)'),
    errors: [404],
  }),
};

const reportId = (c: Parameters<typeof uuidParam>[0]) =>
  uuidParam(c, 'id', () => new AppError('NOT_FOUND', REPORT_MESSAGES.notFound, { status: 404 }));

const actorOf = (c: { var: AppEnv['Variables'] }) => ({
  agencyId: c.var.session.agencyId,
  userId: c.var.session.userId,
  sessionId: c.var.session.sessionId,
});

export const reportsRoutes = new Hono<AppEnv>()
  .post('/', docs.create, async (c) =>
    c.json(
      await createReport(c.var.db, { ...actorOf(c), today: c.var.today }, await readJson(c, reportInputSchema)),
      201,
    ),
  )
  .get('/', docs.list, async (c) => c.json(await listReports(c.var.db, c.var.session.agencyId, c.req.query())))
  .post('/:id/link', docs.link, async (c) => c.json(await newReportLink(c.var.db, actorOf(c), reportId(c))))
  .get('/:id/download', docs.download, async (c) => {
    const id = reportId(c);
    const { token } = parseOrThrow(reportDownloadQuerySchema, c.req.query());
    const { bytes, fileName } = await downloadReport(c.var.db, actorOf(c), id, token);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    });
  });
