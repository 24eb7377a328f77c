import { useQuery } from '@tanstack/react-query';
import type { RecordReportType, ReportLink, ReportList } from '@domain/reports/report.schema';
import { api } from '@/lib/api-client';
import { reportKeys } from '@/lib/query-keys';

export const getReports = (refType: RecordReportType, refId: string, signal?: AbortSignal) =>
  api.get<ReportList>(`/reports?ref_type=${refType}&ref_id=${encodeURIComponent(refId)}`, { signal });

/** A record's generated PDFs, newest first. */
export function useReports(refType: RecordReportType, refId: string) {
  return useQuery({
    queryKey: reportKeys.of(refType, refId),
    queryFn: ({ signal }) => getReports(refType, refId, signal),
  });
}

/** A fresh signed link (600 s) for a report of the history. */
export const getReportLink = (id: string) => api.post<ReportLink>(`/reports/${encodeURIComponent(id)}/link`);
