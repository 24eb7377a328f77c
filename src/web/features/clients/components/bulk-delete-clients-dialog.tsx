import { useState } from 'react';
import { KeptItemsDialog, type KeptItem } from '@/components/kept-items-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast, toastError } from '@/lib/toast';
import { useBulkDeleteClients } from '../api/bulk-delete-clients';

export interface BulkDeleteClientsDialogProps {
  open: boolean;
  ids: string[];
  onOpenChange: (open: boolean) => void;
  /** Called once the request is answered, whatever was kept: the selection is cleared (spec part 1 §4). */
  onDone: () => void;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * Confirms 'Excluir (n)', then reports: the spec's toast for what was deleted and, when the server
 * kept some (clients with emissions or lots), a second dialog naming each one and why.
 */
export function BulkDeleteClientsDialog({ open, ids, onOpenChange, onDone }: BulkDeleteClientsDialogProps) {
  const bulkDelete = useBulkDeleteClients();
  const [kept, setKept] = useState<KeptItem[]>([]);
  const busy = bulkDelete.isPending;
  // The selection is cleared as the dialog closes; its closing animation keeps the count it asked about.
  const [asked, setAsked] = useState(ids.length);
  if (open && ids.length !== asked) setAsked(ids.length);
  const n = open ? ids.length : asked;

  const confirm = () => {
    bulkDelete.mutate(ids, {
      onSuccess: (result) => {
        onOpenChange(false);
        onDone();
        if (result.deleted > 0) {
          toast.success('Clientes excluídos', { description: `${result.deleted} cliente(s) excluído(s) com sucesso!` });
        }
        if (result.kept.length > 0) setKept(result.kept.map((k) => ({ id: k.id, label: k.name, reason: k.reason })));
      },
      onError: (error) => {
        onOpenChange(false);
        toastError('Erro ao excluir clientes', error);
      },
    });
  };

  return (
    <>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        busy={busy}
        title="Confirmar exclusão"
        description={
          <>
            Tem certeza que deseja excluir {plural(n, 'o cliente selecionado', `os ${n} clientes selecionados`)}? Esta ação não pode ser
            desfeita.
          </>
        }
        confirmLabel="Excluir"
        confirmVariant="destructive"
        onConfirm={confirm}
      />

      <KeptItemsDialog
        items={kept}
        onClose={() => setKept([])}
        title={
          <>
            {kept.length} {plural(kept.length, 'cliente não foi excluído', 'clientes não foram excluídos')}
          </>
        }
        description={<>{plural(kept.length, 'Ele continua', 'Eles continuam')} na sua base pelos motivos abaixo.</>}
        listLabel="Clientes mantidos"
      />
    </>
  );
}
