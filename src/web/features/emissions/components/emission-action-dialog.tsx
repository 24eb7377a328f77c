import { Loader2Icon } from 'lucide-react';
import { EMISSION_ACTION_DEFINITIONS, EMISSION_TEXTS, type EmissionAction } from '@domain/emissions/emission.rules';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast, toastError } from '@/lib/toast';
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
      {
        onSuccess: () => {
          onOpenChange(false);
          toast.success(def.success_toast.title, def.success_toast.description ? { description: def.success_toast.description } : undefined);
        },
        onError: (error) => {
          onOpenChange(false);
          // 409 INVALID_TRANSITION: someone else moved it first; the server says how.
          toastError(EMISSION_TEXTS.updateError, error);
        },
      },
    );
  };

  return (
    <AlertDialog open={def !== null} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{def?.confirm.title}</AlertDialogTitle>
          <AlertDialogDescription>{def?.confirm.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{def?.confirm.dismiss_label}</AlertDialogCancel>
          <Button variant={def?.destructive ? 'destructive' : 'default'} onClick={confirm} disabled={busy}>
            {busy && <Loader2Icon aria-hidden="true" className="animate-spin" />}
            {def?.confirm.confirm_label}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
