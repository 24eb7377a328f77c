import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportCreated, ReportLink, ReportList, ReportRefType } from '@domain/reports/report.schema';
import { api } from '@/lib/api-client';
import { reportKeys } from '@/lib/query-keys';

export const getReports = (refType: ReportRefType, refId: string, signal?: AbortSignal) =>
  api.get<ReportList>(`/reports?ref_type=${refType}&ref_id=${encodeURIComponent(refId)}`, { signal });

/** A record's generated PDFs, newest first. */
export function useReports(refType: ReportRefType, refId: string) {
  return useQuery({
    queryKey: reportKeys.of(refType, refId),
    queryFn: ({ signal }) => getReports(refType, refId, signal),
  });
}

/** "Gerar PDF": the report is rendered and kept; the answer carries its download link. */
export function useGenerateReport(refType: ReportRefType, refId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ReportCreated>('/reports', { ref_type: refType, ref_id: refId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.of(refType, refId) }),
  });
}

/** A fresh signed link (600 s) for a report of the history. */
export const getReportLink = (id: string) => api.post<ReportLink>(`/reports/${encodeURIComponent(id)}/link`);
