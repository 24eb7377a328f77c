import { programName } from '@domain/programs';
import { RULE_TEXTS, type Rule } from '@domain/rules/rule.schema';
import { closingCallbacks, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useDeleteRule } from '../api/delete-rule';

export interface DeleteRuleDialogProps {
  /** The rule to delete; null keeps the dialog closed. */
  rule: Rule | null;
  onOpenChange: (open: boolean) => void;
}

/** Spec part 2 §2 "/regras": 'Tem certeza que deseja excluir esta regra?'; the programme then uses the defaults. */
export function DeleteRuleDialog({ rule, onOpenChange }: DeleteRuleDialogProps) {
  const mutation = useDeleteRule();
  const confirm = () => {
    if (!rule) return;
    mutation.mutate(
      rule.id,
      closingCallbacks<void>(onOpenChange, RULE_TEXTS.deleteError, () =>
        toast.success(RULE_TEXTS.deleted.title, { description: RULE_TEXTS.deleted.description }),
      ),
    );
  };
  return (
    <ConfirmDialog
      open={rule !== null}
      onOpenChange={onOpenChange}
      busy={mutation.isPending}
      title="Confirmar exclusão"
      description={
        <>
          {RULE_TEXTS.confirmDelete}{' '}
          {rule && (
            <span>
              O programa <b className="font-semibold text-foreground">{programName(rule.program)}</b> volta a usar os
              valores padrão.
            </span>
          )}
        </>
      }
      confirmLabel="Excluir"
      confirmVariant="destructive"
      onConfirm={confirm}
    />
  );
}
