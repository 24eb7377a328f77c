import { useState } from 'react';

/**
 * A list page's record dialogs: the form (a new record, or the row's to edit) and the delete
 * confirmation. The record stays after the form closes, so its closing animation keeps its title
 * and values.
 */
export function useRecordDialogs<T>() {
  const [form, setForm] = useState<{ open: boolean; record: T | null }>({ open: false, record: null });
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    openCreate: () => setForm({ open: true, record: null }),
    /** The rows' 'Editar' and 'Excluir'. */
    rowActions: { onEdit: (record: T) => setForm({ open: true, record }), onDelete: setDeleting },
    /** The record in the form; null for a new one. */
    editing: form.record,
    formDialog: {
      open: form.open,
      onOpenChange: (open: boolean) => !open && setForm((current) => ({ ...current, open: false })),
    },
    /** The record to delete; null keeps the confirmation closed. */
    deleting,
    deleteDialog: { onOpenChange: (open: boolean) => !open && setDeleting(null) },
  };
}
