import { useState } from 'react';
import { DownloadIcon } from 'lucide-react';
import type { RecordReportType } from '@domain/reports/report.schema';
import { formatDateTime, formatFileSize } from '@domain/format';
import { GenerateReportButton, openInTab } from '@/components/generate-report-button';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/lib/toast';
import { getReportLink, useReports } from '../api/reports';

/**
 * 'Gerar PDF' and the history of generated reports (spec part 2 §2 /emissoes/{id}; issue #19), each
 * downloadable through a link valid for 10 minutes, opened in a new tab.
 */
export function ReportsCard({ refType, refId }: { refType: RecordReportType; refId: string }) {
  const reports = useReports(refType, refId);
  const [opening, setOpening] = useState<string | null>(null);

  const onDownload = async (id: string, title: string) => {
    const tab = window.open('', '_blank');
    setOpening(id);
    try {
      const link = await getReportLink(id);
      openInTab(tab, link.url, 'PDF Pronto!', title);
    } catch (error) {
      tab?.close();
      toastError('Erro ao baixar PDF', error, 'Ocorreu um erro ao gerar o link de download');
    } finally {
      setOpening(null);
    }
  };

  const rows = reports.data?.data;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <CardTitle>Relatórios PDF</CardTitle>
          <CardDescription>Cada link de download vale por 10 minutos e abre em uma nova aba.</CardDescription>
        </div>
        <GenerateReportButton size="sm" input={{ ref_type: refType, ref_id: refId }} data-testid="generate-pdf" />
      </CardHeader>
      <CardContent>
        {reports.isError ? (
          <QueryErrorState query={reports} compact />
        ) : !rows ? (
          <div role="status" aria-busy="true" aria-label="Carregando relatórios" className="space-y-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nenhum PDF gerado ainda. Use "Gerar PDF" para criar o primeiro.
          </p>
        ) : (
          <ul className="divide-y" data-testid="report-history">
            {rows.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5 first:pt-0 last:pb-0"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium" title={r.file_name}>
                    {r.file_name}
                  </p>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {formatDateTime(r.generated_at)} · {formatFileSize(r.size_bytes)} · {r.pages} página(s)
                    {r.generated_by_name ? ` · ${r.generated_by_name}` : ''}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void onDownload(r.id, r.title)}
                  disabled={opening === r.id}
                  aria-label={`Baixar ${r.file_name}`}
                >
                  {opening === r.id ? <Spinner /> : <DownloadIcon aria-hidden="true" />}
                  Baixar
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
