import { Loader2Icon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
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
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Marcar lotes expirados</AlertDialogTitle>
          <AlertDialogDescription>
            Todos os lotes disponíveis com vencimento anterior a hoje passarão para o status Expirado e deixarão de ser usados nas
            emissões. Deseja continuar?
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancelar</AlertDialogCancel>
          <Button onClick={confirm} disabled={busy}>
            {busy && <Loader2Icon aria-hidden="true" className="animate-spin" />}
            Marcar Expirados
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
