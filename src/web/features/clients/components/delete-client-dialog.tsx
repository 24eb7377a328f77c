import { clientInputSchema } from '@domain/clients/client.schema';
import type { DeletionCheck } from '@domain/response.schema';
import { DeleteRecordDialog, type DeleteDialogProps } from '@/components/delete-record-dialog';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/query-keys';
import { toast, toastError } from '@/lib/toast';
import { useDeleteClient } from '../api/delete-client';
import { getClient } from '../api/get-client';
import { useUpdateClient } from '../api/update-client';

/* A client with emissions or lots is kept: the dialog says so before, and offers to mark it Inativo. */
const TEXTS = {
  noun: 'cliente',
  deleted: { title: 'Cliente excluído', description: 'Cliente excluído com sucesso!' },
  failed: 'Erro ao excluir cliente',
};

type DeletableClient = { id: string; name: string };

export function DeleteClientDialog(props: DeleteDialogProps<DeletableClient>) {
  const update = useUpdateClient();
  const id = props.record?.id ?? '';
  return (
    <DeleteRecordDialog
      {...props}
      mutation={useDeleteClient()}
      texts={TEXTS}
      name={(client) => client.name}
      deletion={{
        queryKey: clientKeys.deletion(id),
        ask: (clientId, signal) =>
          api.get<DeletionCheck>(`/clients/${encodeURIComponent(clientId)}/deletion`, { signal }),
      }}
      instead={{
        label: 'Marcar como Inativo',
        pending: update.isPending,
        run: (client, done) => {
          // The whole record as it is now, with only its status changed.
          void getClient(client.id)
            .then(({ client: current }) =>
              update.mutateAsync({ id: client.id, input: clientInputSchema.parse({ ...current, status: 'inactive' }) }),
            )
            .then(() => {
              toast.success('Cliente atualizado', { description: `${client.name} agora está Inativo.` });
              done();
            })
            .catch((error: unknown) => {
              toastError('Erro ao atualizar cliente', error);
              done();
            });
        },
      }}
    />
  );
}
