import type { UseMutationResult } from '@tanstack/react-query';
import { closingCallbacks, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRowDialog, type RowDialogProps } from '@/hooks/use-row-dialog';
import { toast } from '@/lib/toast';

/** What a row's confirmation says: before (about the row), and after (about what the server answered). */
export interface RowConfirmTexts<T, R> {
  title: string;
  description: (row: T) => string;
  confirmLabel: string;
  /** An action that undoes or drops something: its button is red. */
  destructive?: boolean;
  /** The toast's title when the request fails. */
  failed: string;
  /** The toast once done. */
  done: (answer: R, row: T) => { title: string; description: string };
}

/**
 * A list's confirmation of one action on one of its rows ('Marcar como pago', 'Desfazer
 * pagamento', 'Desfazer recebimento', 'Cancelar venda'): the row goes to the request as it is; the
 * dialog closes once the request is answered, with the toast of `texts`.
 */
function RowConfirmDialog<T extends V, R, V>({
  row,
  open,
  onOpenChange,
  action,
  texts,
}: RowDialogProps<T> & { action: UseMutationResult<R, Error, V>; texts: RowConfirmTexts<T, R> }) {
  const confirm = () => {
    if (!row) return;
    action.mutate(
      row,
      closingCallbacks(onOpenChange, texts.failed, (answer: R) => {
        const { title, description } = texts.done(answer, row);
        toast.success(title, { description });
      }),
    );
  };
  return (
    <ConfirmDialog
      open={open && row !== null}
      onOpenChange={onOpenChange}
      busy={action.isPending}
      title={texts.title}
      description={row ? texts.description(row) : ''}
      cancelLabel="Voltar"
      confirmLabel={texts.confirmLabel}
      confirmVariant={texts.destructive ? 'destructive' : undefined}
      onConfirm={confirm}
    />
  );
}

/**
 * `choose` a row to confirm `texts`' action on it (`action`, the request's mutation), and `dialog`
 * to render beside the list (it keeps the row while closing, so its texts stay through the animation).
 */
export function useRowConfirm<T extends V, R, V = T>(
  action: UseMutationResult<R, Error, V>,
  texts: RowConfirmTexts<T, R>,
) {
  return useRowDialog<T>((props) => <RowConfirmDialog {...props} action={action} texts={texts} />);
}
