import { useState } from 'react';
import { KeptItemsDialog, type KeptItem } from '@/components/kept-items-dialog';
import { closingCallbacks, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';

/** What POST …/bulk-delete answers: how many went, and the ones kept with the server's reason. */
export interface BulkDeleteResult<K extends { id: string; reason: string }> {
  deleted: number;
  kept: K[];
}

export interface BulkDeleteDialogProps<K extends { id: string; reason: string }> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the request is answered, whatever was kept: the selection is cleared (spec part 1 §4). */
  onDone: () => void;
  ids: string[];
  mutation: {
    isPending: boolean;
    mutate: (
      ids: string[],
      callbacks: { onSuccess: (result: BulkDeleteResult<K>) => void; onError: (error: Error) => void },
    ) => void;
  };
  /** The counted noun, masculine: { one: 'cliente', many: 'clientes' }. */
  noun: { one: string; many: string };
  /** Where a kept one stays: 'na sua base', 'no estoque'. */
  keptWhere: string;
  /** A kept one's name in the report, read as the selection was when confirmed. */
  keptLabel: (kept: K) => string;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Confirms 'Excluir (n)', then reports: the spec's toast for what was deleted and, when the server
 * kept some (finance history, miles already used), a second dialog naming each one and why.
 */
export function BulkDeleteDialog<K extends { id: string; reason: string }>({
  open,
  onOpenChange,
  onDone,
  ids,
  mutation,
  noun,
  keptWhere,
  keptLabel,
}: BulkDeleteDialogProps<K>) {
  const [kept, setKept] = useState<KeptItem[]>([]);
  // The selection is cleared as the dialog closes; its closing animation keeps the count it asked about.
  const [asked, setAsked] = useState(ids.length);
  if (open && ids.length !== asked) setAsked(ids.length);
  const n = open ? ids.length : asked;

  const confirm = () => {
    const label = keptLabel;
    mutation.mutate(
      ids,
      closingCallbacks(onOpenChange, `Erro ao excluir ${noun.many}`, (result) => {
        onDone();
        if (result.deleted > 0) {
          toast.success(`${capitalised(noun.many)} excluídos`, {
            description: `${result.deleted} ${noun.one}(s) excluído(s) com sucesso!`,
          });
        }
        if (result.kept.length > 0) setKept(result.kept.map((k) => ({ id: k.id, label: label(k), reason: k.reason })));
      }),
    );
  };

  return (
    <>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        busy={mutation.isPending}
        title="Confirmar exclusão"
        description={
          <>
            Tem certeza que deseja excluir {n === 1 ? `o ${noun.one} selecionado` : `os ${n} ${noun.many} selecionados`}
            ? Esta ação não pode ser desfeita.
          </>
        }
        confirmLabel="Excluir"
        confirmVariant="destructive"
        confirmDisabled={n === 0}
        onConfirm={confirm}
      />

      <KeptItemsDialog
        items={kept}
        onClose={() => setKept([])}
        title={kept.length === 1 ? `1 ${noun.one} não foi excluído` : `${kept.length} ${noun.many} não foram excluídos`}
        description={`${kept.length === 1 ? 'Ele continua' : 'Eles continuam'} ${keptWhere} pelos motivos abaixo.`}
        listLabel={`${capitalised(noun.many)} mantidos`}
      />
    </>
  );
}
