import type * as React from 'react';
import { useEffect, useState } from 'react';
import { submitHandler } from '@/lib/form';
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

/** Tells the dialog what the form inside is doing: saving (nothing closes it), or holding what was typed. */
export function useDialogGuard(
  guard: Pick<FormDialogGuard<unknown>, 'onBusyChange' | 'onDirtyChange'>,
  busy: boolean,
  dirty: boolean,
) {
  const { onBusyChange, onDirtyChange } = guard;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
}

export interface RecordFormProps extends FormDialogFooterProps {
  /** The form's accessible name: the dialog's title. */
  label: string;
  /** react-hook-form's `handleSubmit(...)`. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** The fields. */
  children: React.ReactNode;
}

/** A record's form inside its FormDialog: the fields, then 'Cancelar' and 'Criar' or 'Atualizar'. */
export function RecordForm({ label, onSubmit, children, ...footer }: RecordFormProps) {
  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate aria-label={label} className="grid gap-5">
      {children}
      <FormDialogFooter {...footer} />
    </form>
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
function FormDialogFooter({ pending, editing, onCancel }: FormDialogFooterProps) {
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
