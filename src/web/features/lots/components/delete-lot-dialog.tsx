import { DeleteRecordDialog, type DeleteDialogProps } from '@/components/delete-record-dialog';
import { useDeleteLot } from '../api/delete-lot';
import { lotLabel } from '../lot-display';
import type { Lot } from '../types';

/* 409 LOT_IN_USE: miles of the lot already went into emissions; the server's message says so. */
const TEXTS = {
  noun: 'lote',
  deleted: { title: 'Lote excluído', description: 'Lote excluído com sucesso!' },
  failed: 'Erro ao excluir lote',
};

export function DeleteLotDialog(
  props: DeleteDialogProps<Pick<Lot, 'id' | 'program' | 'original_quantity' | 'account_number'>>,
) {
  return <DeleteRecordDialog {...props} mutation={useDeleteLot()} texts={TEXTS} name={lotLabel} />;
}
