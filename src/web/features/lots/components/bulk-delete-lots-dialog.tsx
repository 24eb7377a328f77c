import { useState } from 'react';
import { Loader2Icon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
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

interface KeptLot {
  id: string;
  label: string;
  reason: string;
}

/**
 * Confirms 'Excluir (n)', then reports: the spec's toast for what was deleted and, when the server
 * kept some (lots whose miles already went into emissions), a second dialog naming each one and why.
 */
export function BulkDeleteLotsDialog({ open, lots, onOpenChange, onDone }: BulkDeleteLotsDialogProps) {
  const bulkDelete = useBulkDeleteLots();
  const [kept, setKept] = useState<KeptLot[]>([]);
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
      <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Confirmar exclusão</AlertDialogTitle>
            <AlertDialogDescription>
              Tem certeza que deseja excluir {n === 1 ? 'o lote selecionado' : `os ${n} lotes selecionados`}? Esta ação não pode ser
              desfeita.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancelar</AlertDialogCancel>
            <Button variant="destructive" onClick={confirm} disabled={busy || n === 0}>
              {busy && <Loader2Icon aria-hidden="true" className="animate-spin" />}
              Excluir
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={kept.length > 0} onOpenChange={(next) => !next && setKept([])}>
        <AlertDialogContent className="sm:max-w-lg">
          <AlertDialogHeader>
            <AlertDialogTitle>{kept.length === 1 ? '1 lote não foi excluído' : `${kept.length} lotes não foram excluídos`}</AlertDialogTitle>
            <AlertDialogDescription>
              {kept.length === 1 ? 'Ele continua' : 'Eles continuam'} no estoque pelos motivos abaixo.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <ul aria-label="Lotes mantidos" className="max-h-64 divide-y overflow-y-auto rounded-md border text-sm">
            {kept.map((item) => (
              <li key={item.id} className="space-y-0.5 px-3 py-2">
                <p className="font-medium">{item.label}</p>
                <p className="text-muted-foreground">{item.reason}</p>
              </li>
            ))}
          </ul>
          <AlertDialogFooter>
            <AlertDialogAction>Entendi</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
