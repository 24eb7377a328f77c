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
import { useBulkDeleteClients } from '../api/bulk-delete-clients';
import type { BulkDeleteResult } from '../types';

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
  const [kept, setKept] = useState<BulkDeleteResult['kept']>([]);
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
        if (result.kept.length > 0) setKept(result.kept);
      },
      onError: (error) => {
        onOpenChange(false);
        toastError('Erro ao excluir clientes', error);
      },
    });
  };

  return (
    <>
      <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Confirmar exclusão</AlertDialogTitle>
            <AlertDialogDescription>
              Tem certeza que deseja excluir {plural(n, 'o cliente selecionado', `os ${n} clientes selecionados`)}? Esta ação não pode ser
              desfeita.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancelar</AlertDialogCancel>
            <Button variant="destructive" onClick={confirm} disabled={busy}>
              {busy && <Loader2Icon aria-hidden="true" className="animate-spin" />}
              Excluir
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={kept.length > 0} onOpenChange={(next) => !next && setKept([])}>
        <AlertDialogContent className="sm:max-w-lg">
          <AlertDialogHeader>
            <AlertDialogTitle>
              {kept.length} {plural(kept.length, 'cliente não foi excluído', 'clientes não foram excluídos')}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {plural(kept.length, 'Ele continua', 'Eles continuam')} na sua base pelos motivos abaixo.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <ul aria-label="Clientes mantidos" className="max-h-64 divide-y overflow-y-auto rounded-md border text-sm">
            {kept.map((item) => (
              <li key={item.id} className="space-y-0.5 px-3 py-2">
                <p className="font-medium">{item.name}</p>
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
