import type { ComponentProps } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileTextIcon } from 'lucide-react';
import type { ReportCreated, ReportInput } from '@domain/reports/report.schema';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import { reportKeys } from '@/lib/query-keys';
import { toast, toastError } from '@/lib/toast';

/**
 * Opens `url` in the tab opened at the click (a tab opened after an await is a pop-up to the
 * browser); where none could be opened, a toast offers the link.
 */
export function openInTab(tab: Window | null, url: string, title: string, description: string) {
  if (tab && !tab.closed) {
    tab.location.href = url;
    toast.success(title, { description });
  } else {
    toast.success(title, {
      description,
      action: { label: 'Abrir', onClick: () => window.open(url, '_blank', 'noopener') },
    });
  }
}

/**
 * "Gerar PDF" (issue #19; used by the emission, lot, alerts and finance pages): renders the report
 * `input` describes and opens it in a new tab through its signed link ("PDF Gerado!"); "Erro ao
 * gerar PDF" when it cannot. Without `children`, the icon and "Gerar PDF"; `{null}`, the icon alone.
 */
export function GenerateReportButton({
  input,
  children,
  ...props
}: { input: ReportInput | null } & Omit<ComponentProps<typeof Button>, 'onClick'>) {
  const queryClient = useQueryClient();
  const generate = useMutation({
    mutationFn: (body: ReportInput) => api.post<ReportCreated>('/reports', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
  const onClick = () => {
    if (!input) return;
    const tab = window.open('', '_blank');
    generate.mutate(input, {
      onSuccess: (report) =>
        openInTab(tab, report.link.url, 'PDF Gerado!', `${report.title} · ${report.pages} página(s)`),
      onError: (error) => {
        tab?.close();
        toastError('Erro ao gerar PDF', error, 'Ocorreu um erro ao gerar o PDF');
      },
    });
  };
  return (
    <Button {...props} onClick={onClick} disabled={!input || generate.isPending || props.disabled}>
      {generate.isPending ? <Spinner /> : <FileTextIcon aria-hidden="true" />}
      {children === undefined ? (generate.isPending ? 'Gerando PDF…' : 'Gerar PDF') : children}
    </Button>
  );
}
