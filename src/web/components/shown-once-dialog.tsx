import { useState, type ReactNode } from 'react';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast, toastError } from '@/lib/toast';

export interface ShownOnceDialogProps {
  /** The value to show and copy; null keeps the dialog closed. */
  value: string | null;
  title: string;
  description: ReactNode;
  /** The field's label, e.g. "Segredo de assinatura". */
  label: string;
  /** The field's id and test id. */
  fieldId: string;
  copyLabel: string;
  /** The toast after a copy: its title and what to do next. */
  copied: { title: string; description: string };
  /** What to do when the clipboard refuses, e.g. "Selecione o link e copie-o manualmente." */
  copyFailedHint: string;
  /** The note under the field (an Alert): why it is shown only now. */
  note: ReactNode;
  onClose: () => void;
}

/**
 * A value shown whole this once — a webhook's signing secret, an invitation's link — with a copy
 * button, a toast when copied and a note that it will not be shown again.
 */
export function ShownOnceDialog(props: ShownOnceDialogProps) {
  const { value, title, description, label, fieldId, copyLabel, copied, copyFailedHint, note, onClose } = props;
  const [wasCopied, setWasCopied] = useState(false);
  const copy = async () => {
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value);
      setWasCopied(true);
      toast.success(copied.title, { description: copied.description });
    } catch (error) {
      toastError('Não foi possível copiar', error, copyFailedHint);
    }
  };
  return (
    <Dialog
      open={value !== null}
      onOpenChange={(open) => {
        if (open) return;
        setWasCopied(false);
        onClose();
      }}
    >
      <DialogContent className="sm:max-w-[560px]">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={fieldId}>{label}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={fieldId}
              readOnly
              value={value ?? ''}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
              data-testid={fieldId}
            />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              {wasCopied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {wasCopied ? 'Copiado' : copyLabel}
            </Button>
          </div>
        </div>
        {note}
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Concluir
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
