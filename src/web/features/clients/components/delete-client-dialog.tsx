import { DeleteRecordDialog, type DeleteDialogProps } from '@/components/delete-record-dialog';
import { useDeleteClient } from '../api/delete-client';

/* 409: the client has emissions or lots; the server's message says what to do instead. */
const TEXTS = {
  noun: 'cliente',
  deleted: { title: 'Cliente excluído', description: 'Cliente excluído com sucesso!' },
  failed: 'Erro ao excluir cliente',
};

export function DeleteClientDialog(props: DeleteDialogProps<{ id: string; name: string }>) {
  return <DeleteRecordDialog {...props} mutation={useDeleteClient()} texts={TEXTS} name={(client) => client.name} />;
}
