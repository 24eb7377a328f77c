import type * as React from 'react';
import { useState } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { SubmitButton } from './submit-button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

/** What the form inside tells its dialog: when it may close, and that it is done. */
export interface FormDialogGuard<T> {
  /** A save is under way: nothing closes the dialog. */
  onBusyChange: (busy: boolean) => void;
  /** Something was typed: a click beside the dialog no longer closes it. */
  onDirtyChange: (dirty: boolean) => void;
  /** 'Cancelar': the dialog closes. */
  onCancel: () => void;
  /** Saved: the dialog closes and hands the saved record on. */
  onSaved: (saved: T) => void;
}

export interface FormDialogProps<T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The dialog's width and spacing. */
  className?: string;
  /** After the dialog closed on a save. */
  onSaved?: (saved: T) => void;
  /** The form, mounted with the dialog, so every opening starts from the record as it is now. */
  children: (guard: FormDialogGuard<T>) => React.ReactNode;
}

/** A dialog holding a form: it keeps what was typed from a stray click, and stays while saving. */
export function FormDialog<T = void>({
  open,
  onOpenChange,
  title,
  description,
  className,
  onSaved,
  children,
}: FormDialogProps<T>) {
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const guard: FormDialogGuard<T> = {
    onBusyChange: setBusy,
    onDirtyChange: setDirty,
    onCancel: () => onOpenChange(false),
    onSaved: (saved) => {
      onOpenChange(false);
      onSaved?.(saved);
    },
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        className={className}
        // A click beside the dialog should not throw away what was typed.
        onInteractOutside={(event) => {
          if (busy || dirty) event.preventDefault();
        }}
        onEscapeKeyDown={(event) => {
          if (busy) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children(guard)}
      </DialogContent>
    </Dialog>
  );
}

export interface FormDialogFooterProps {
  /** The save is under way: both buttons wait. */
  pending: boolean;
  /** An existing record: the button reads 'Atualizar' instead of 'Criar'. */
  editing: boolean;
  onCancel: () => void;
}

/** 'Cancelar' and the record form's submit button ('Salvando...' while it saves). */
export function FormDialogFooter({ pending, editing, onCancel }: FormDialogFooterProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        Cancelar
      </Button>
      <SubmitButton pending={pending} className={cn(pending && 'cursor-wait')}>
        {pending ? 'Salvando...' : editing ? 'Atualizar' : 'Criar'}
      </SubmitButton>
    </DialogFooter>
  );
}
