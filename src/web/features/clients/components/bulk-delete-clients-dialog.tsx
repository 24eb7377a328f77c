import { BulkDeleteDialog } from '@/components/bulk-delete-dialog';
import { useBulkDeleteClients } from '../api/bulk-delete-clients';

export interface BulkDeleteClientsDialogProps {
  open: boolean;
  ids: string[];
  onOpenChange: (open: boolean) => void;
  /** Called once the request is answered, whatever was kept: the selection is cleared (spec part 1 §4). */
  onDone: () => void;
}

/** 'Excluir (n)' for clients: those with emissions or lots are kept, each named with its reason. */
export function BulkDeleteClientsDialog(props: BulkDeleteClientsDialogProps) {
  return (
    <BulkDeleteDialog
      {...props}
      mutation={useBulkDeleteClients()}
      noun={{ one: 'cliente', many: 'clientes' }}
      keptWhere="na sua base"
      keptLabel={(kept) => kept.name}
    />
  );
}
