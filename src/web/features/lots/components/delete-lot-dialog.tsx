import type { DeletionCheck } from '@domain/response.schema';
import { DeleteRecordDialog, type DeleteDialogProps } from '@/components/delete-record-dialog';
import { api } from '@/lib/api-client';
import { lotKeys } from '@/lib/query-keys';
import { useDeleteLot } from '../api/delete-lot';
import { lotLabel } from '../lot-display';
import type { Lot } from '../types';

/* A lot that fed an emission is kept as its history: the dialog says so before asking. */
const TEXTS = {
  noun: 'lote',
  deleted: { title: 'Lote excluído', description: 'Lote excluído com sucesso!' },
  failed: 'Erro ao excluir lote',
};

export function DeleteLotDialog(
  props: DeleteDialogProps<Pick<Lot, 'id' | 'program' | 'original_quantity' | 'account_number'>>,
) {
  const id = props.record?.id ?? '';
  return (
    <DeleteRecordDialog
      {...props}
      mutation={useDeleteLot()}
      texts={TEXTS}
      name={lotLabel}
      deletion={{
        queryKey: lotKeys.deletion(id),
        ask: (lotId, signal) => api.get<DeletionCheck>(`/lots/${encodeURIComponent(lotId)}/deletion`, { signal }),
      }}
    />
  );
}
