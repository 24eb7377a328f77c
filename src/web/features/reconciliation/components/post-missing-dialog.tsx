import { formatNumber } from '@domain/format';
import { closingCallbacks, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { usePostMissing } from '../api/post-missing';
import type { BulkPostMissingResult } from '../types';

export interface PostMissingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selected emissions (of the page on screen). */
  emissionIds: readonly string[];
  /** Once the request is answered: the selection is cleared. */
  onDone: () => void;
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** What the toast says was done. */
export function postMissingSummary({ posted, emissions }: BulkPostMissingResult): {
  title: string;
  description: string;
} {
  if (posted === 0) {
    return {
      title: 'Nenhum lançamento criado',
      description: 'As emissões selecionadas não tinham valores faltantes.',
    };
  }
  return {
    title: plural(posted, 'lançamento criado', 'lançamentos criados'),
    description: `Valores faltantes de ${plural(emissions, 'emissão', 'emissões')} lançados com a data de hoje.`,
  };
}

/** 'Lançar faltantes (n)': every missing amount of the selected emissions, after a confirmation. */
export function PostMissingDialog({ open, onOpenChange, emissionIds, onDone }: PostMissingDialogProps) {
  const mutation = usePostMissing();
  const count = emissionIds.length;
  const confirm = () =>
    mutation.mutate(
      { emission_ids: [...emissionIds] },
      closingCallbacks(onOpenChange, 'Erro ao criar lançamento', (result: BulkPostMissingResult) => {
        const { title, description } = postMissingSummary(result);
        toast.success(title, { description });
        onDone();
      }),
    );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={mutation.isPending}
      title="Lançar valores faltantes?"
      description={`Serão lançados a receita, as taxas, o custo de milhas e o RAV que faltam em ${plural(count, 'emissão selecionada', 'emissões selecionadas')}, com a data de hoje.`}
      confirmLabel={`Lançar faltantes (${formatNumber(count)})`}
      confirmDisabled={count === 0}
      onConfirm={confirm}
    />
  );
}
