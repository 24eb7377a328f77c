import { DownloadIcon, Loader2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast, toastError } from '@/lib/toast';

export interface ExportButtonProps<V> {
  /** The feature's export mutation (useExportClients(), useExportLots()). */
  mutation: {
    mutate: (variables: V, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
    isPending: boolean;
  };
  /** The list's filters and order, which the CSV follows. */
  variables: V;
  /** 'Exportar' unless said otherwise ('Exportar CSV'). */
  label?: string;
}

/** 'Exportar': downloads the list's CSV and says how it went (spec part 1 §7 "Export"). */
export function ExportButton<V>({ mutation, variables, label = 'Exportar' }: ExportButtonProps<V>) {
  const run = () =>
    mutation.mutate(variables, {
      onSuccess: () => toast.success('Exportação concluída', { description: 'Arquivo CSV baixado com sucesso!' }),
      onError: (error) => toastError('Erro na exportação', error, 'Ocorreu um erro durante a exportação.'),
    });
  return (
    <Button variant="outline" onClick={run} disabled={mutation.isPending}>
      {mutation.isPending ? (
        <Loader2Icon aria-hidden="true" className="animate-spin" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      {label}
    </Button>
  );
}
