import type * as React from 'react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DeletionCheck } from '@domain/response.schema';
import { closingCallbacks, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';

/** What a record's delete dialog says: 'Cliente excluído' and the like. */
export interface DeleteRecordTexts {
  /** The record's kind, in 'Tem certeza que deseja excluir o cliente …?'. */
  noun: string;
  deleted: { title: string; description: string };
  /** The failure toast's title; its description is the server's message (409: what to do instead). */
  failed: string;
}

export interface DeleteRecordDialogProps<T extends { id: string }> {
  /** The record to delete; null keeps the dialog closed. */
  record: T | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
  mutation: {
    isPending: boolean;
    mutate: (id: string, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  };
  texts: DeleteRecordTexts;
  /** How the question names the record, in bold. */
  name: (record: T) => React.ReactNode;
  /**
   * Asked as the dialog opens (#14, "say no before"): a record the server would keep is not
   * offered for deletion; the dialog says why, and offers `instead` when there is one.
   */
  deletion: { queryKey: readonly unknown[]; ask: (id: string, signal: AbortSignal) => Promise<DeletionCheck> };
  /** What can be done with a record that cannot be deleted (e.g. mark the client Inativo). */
  instead?: { label: string; pending: boolean; run: (record: T, done: () => void) => void };
}

/** What a page hands a record's delete dialog. */
export type DeleteDialogProps<T extends { id: string }> = Pick<
  DeleteRecordDialogProps<T>,
  'record' | 'onOpenChange' | 'onDeleted'
>;

/** 'Confirmar exclusão' (spec part 1 §2): modal, answered only by its buttons or Escape. */
export function DeleteRecordDialog<T extends { id: string }>({
  record,
  onOpenChange,
  onDeleted,
  mutation,
  texts,
  name,
  deletion,
  instead,
}: DeleteRecordDialogProps<T>) {
  // The closing animation still shows the text: keep the last record's name in it.
  const [last, setLast] = useState(record);
  if (record !== null && record !== last) setLast(record);
  const shown = record ?? last;
  const check = useQuery({
    queryKey: deletion.queryKey,
    queryFn: ({ signal }) => deletion.ask(record!.id, signal),
    enabled: record !== null,
    staleTime: 0,
  });
  // If the question cannot be asked, the dialog asks as before: the server still says no if it must.
  const kept = check.data?.deletable === false ? check.data.reason : null;
  const checking = check.isPending && check.fetchStatus !== 'idle';

  const confirm = () => {
    if (!record) return;
    mutation.mutate(
      record.id,
      closingCallbacks<void>(onOpenChange, texts.failed, () => {
        toast.success(texts.deleted.title, { description: texts.deleted.description });
        onDeleted?.();
      }),
    );
  };

  if (kept !== null && shown) {
    return (
      <ConfirmDialog
        open={record !== null}
        onOpenChange={onOpenChange}
        busy={instead?.pending ?? false}
        title={`Não é possível excluir este ${texts.noun}`}
        description={
          <>
            <b className="font-semibold text-foreground">{name(shown)}</b>: {kept}
          </>
        }
        cancelLabel="Fechar"
        confirmLabel={instead?.label}
        onConfirm={() => record && instead?.run(record, () => onOpenChange(false))}
      />
    );
  }

  return (
    <ConfirmDialog
      open={record !== null}
      onOpenChange={onOpenChange}
      busy={mutation.isPending}
      title="Confirmar exclusão"
      description={
        checking ? (
          <>Verificando se o {texts.noun} pode ser excluído…</>
        ) : (
          <>
            Tem certeza que deseja excluir o {texts.noun}{' '}
            <b className="font-semibold text-foreground">{shown && name(shown)}</b>? Esta ação não pode ser desfeita.
          </>
        )
      }
      confirmLabel="Excluir"
      confirmVariant="destructive"
      confirmDisabled={checking}
      onConfirm={confirm}
    />
  );
}
