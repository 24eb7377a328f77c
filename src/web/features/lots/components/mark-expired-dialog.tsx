import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast, toastError } from '@/lib/toast';
import { useMarkExpiredLots } from '../api/mark-expired-lots';

export interface MarkExpiredDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Confirms 'Marcar Expirados' (spec part 1 §4), then reports how many lots changed (§8). */
export function MarkExpiredDialog({ open, onOpenChange }: MarkExpiredDialogProps) {
  const markExpired = useMarkExpiredLots();
  const busy = markExpired.isPending;

  const confirm = () =>
    markExpired.mutate(undefined, {
      onSuccess: ({ updated }) => {
        onOpenChange(false);
        toast.success('Lotes atualizados', { description: `${updated} lote(s) marcado(s) como expirado(s).` });
      },
      onError: (error) => {
        onOpenChange(false);
        toastError('Erro ao atualizar lotes', error);
      },
    });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title="Marcar lotes expirados"
      description={
        <>
          Todos os lotes disponíveis com vencimento anterior a hoje passarão para o status Expirado e deixarão de ser
          usados nas emissões. Deseja continuar?
        </>
      }
      confirmLabel="Marcar Expirados"
      onConfirm={confirm}
    />
  );
}
