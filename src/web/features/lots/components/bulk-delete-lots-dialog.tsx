import { useState } from 'react';
import { KeptItemsDialog, type KeptItem } from '@/components/kept-items-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast, toastError } from '@/lib/toast';
import { useBulkDeleteLots } from '../api/bulk-delete-lots';
import { lotLabel } from '../lot-display';
import type { Lot } from '../types';

export interface BulkDeleteLotsDialogProps {
  open: boolean;
  /** The selected lots (of the page on screen). */
  lots: Lot[];
  onOpenChange: (open: boolean) => void;
  /** Called once the request is answered, whatever was kept: the selection is cleared (spec part 1 §4). */
  onDone: () => void;
}

/**
 * Confirms 'Excluir (n)', then reports: the spec's toast for what was deleted and, when the server
 * kept some (lots whose miles already went into emissions), a second dialog naming each one and why.
 */
export function BulkDeleteLotsDialog({ open, lots, onOpenChange, onDone }: BulkDeleteLotsDialogProps) {
  const bulkDelete = useBulkDeleteLots();
  const [kept, setKept] = useState<KeptItem[]>([]);
  const busy = bulkDelete.isPending;
  const n = lots.length;

  const confirm = () => {
    const labels = new Map(lots.map((lot) => [lot.id, lotLabel(lot)]));
    bulkDelete.mutate(
      lots.map((lot) => lot.id),
      {
        onSuccess: (result) => {
          onOpenChange(false);
          onDone();
          if (result.deleted > 0) {
            toast.success('Lotes excluídos', { description: `${result.deleted} lote(s) excluído(s) com sucesso!` });
          }
          if (result.kept.length > 0) {
            setKept(result.kept.map((k) => ({ id: k.id, label: labels.get(k.id) ?? 'Lote', reason: k.reason })));
          }
        },
        onError: (error) => {
          onOpenChange(false);
          toastError('Erro ao excluir lotes', error);
        },
      },
    );
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
            Tem certeza que deseja excluir {n === 1 ? 'o lote selecionado' : `os ${n} lotes selecionados`}? Esta ação não pode ser
            desfeita.
          </>
        }
        confirmLabel="Excluir"
        confirmVariant="destructive"
        confirmDisabled={n === 0}
        onConfirm={confirm}
      />

      <KeptItemsDialog
        items={kept}
        onClose={() => setKept([])}
        title={kept.length === 1 ? '1 lote não foi excluído' : `${kept.length} lotes não foram excluídos`}
        description={<>{kept.length === 1 ? 'Ele continua' : 'Eles continuam'} no estoque pelos motivos abaixo.</>}
        listLabel="Lotes mantidos"
      />
    </>
  );
}
