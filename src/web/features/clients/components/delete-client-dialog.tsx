import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast, toastError } from '@/lib/toast';
import { useDeleteClient } from '../api/delete-client';

export interface DeleteClientDialogProps {
  /** The client to delete; null keeps the dialog closed. */
  client: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}

/** 'Confirmar exclusão' (spec part 1 §2): modal, answered only by its buttons or Escape. */
export function DeleteClientDialog({ client, onOpenChange, onDeleted }: DeleteClientDialogProps) {
  const remove = useDeleteClient();
  const busy = remove.isPending;
  // The closing animation still shows the text: keep the last client's name in it.
  const [lastClient, setLastClient] = useState(client);
  if (client !== null && client !== lastClient) setLastClient(client);
  const shown = client ?? lastClient;

  const confirm = () => {
    if (!client) return;
    remove.mutate(client.id, {
      onSuccess: () => {
        onOpenChange(false);
        toast.success('Cliente excluído', { description: 'Cliente excluído com sucesso!' });
        onDeleted?.();
      },
      onError: (error) => {
        onOpenChange(false);
        // 409: the client has emissions or lots; the server says what to do instead.
        toastError('Erro ao excluir cliente', error);
      },
    });
  };

  return (
    <ConfirmDialog
      open={client !== null}
      onOpenChange={onOpenChange}
      busy={busy}
      title="Confirmar exclusão"
      description={
        <>
          Tem certeza que deseja excluir o cliente <b className="font-semibold text-foreground">{shown?.name}</b>? Esta
          ação não pode ser desfeita.
        </>
      }
      confirmLabel="Excluir"
      confirmVariant="destructive"
      onConfirm={confirm}
    />
  );
}
