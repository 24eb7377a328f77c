import { EMISSION_ACTION_DEFINITIONS, EMISSION_TEXTS, type EmissionAction } from '@domain/emissions/emission.rules';
import { closingCallbacks, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useTransitionEmission } from '../api/transition-emission';

export interface EmissionActionDialogProps {
  emissionId: string;
  /** The action to confirm; null keeps the dialog closed. */
  action: EmissionAction | null;
  onOpenChange: (open: boolean) => void;
}

/** The confirmation of a life-cycle button (texts from EMISSION_ACTION_DEFINITIONS). */
export function EmissionActionDialog({ emissionId, action, onOpenChange }: EmissionActionDialogProps) {
  const transition = useTransitionEmission();
  const busy = transition.isPending;
  const def = action ? EMISSION_ACTION_DEFINITIONS[action] : null;

  const confirm = () => {
    if (!def) return;
    transition.mutate(
      { id: emissionId, action: def.action },
      // 409 INVALID_TRANSITION: someone else moved it first; the server's message says how.
      closingCallbacks(onOpenChange, EMISSION_TEXTS.updateError, () =>
        toast.success(
          def.success_toast.title,
          def.success_toast.description ? { description: def.success_toast.description } : undefined,
        ),
      ),
    );
  };

  return (
    <ConfirmDialog
      open={def !== null}
      onOpenChange={onOpenChange}
      busy={busy}
      title={def?.confirm.title}
      description={def?.confirm.description}
      // Empty, not 'Cancelar', while the dialog closes on a cleared action.
      cancelLabel={def?.confirm.dismiss_label ?? ''}
      confirmLabel={def?.confirm.confirm_label}
      confirmVariant={def?.destructive ? 'destructive' : 'default'}
      onConfirm={confirm}
    />
  );
}
