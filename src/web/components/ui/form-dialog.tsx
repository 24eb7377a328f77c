import type * as React from 'react';
import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';

/** What the form inside tells its dialog, so the dialog knows when it may close. */
export interface FormDialogGuard {
  /** A save is under way: nothing closes the dialog. */
  onBusyChange: (busy: boolean) => void;
  /** Something was typed: a click beside the dialog no longer closes it. */
  onDirtyChange: (dirty: boolean) => void;
}

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The dialog's width and spacing. */
  className?: string;
  /** The form, mounted with the dialog. */
  children: (guard: FormDialogGuard) => React.ReactNode;
}

/** A dialog holding a form: it keeps what was typed from a stray click, and stays while saving. */
export function FormDialog({ open, onOpenChange, title, description, className, children }: FormDialogProps) {
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
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
        {children({ onBusyChange: setBusy, onDirtyChange: setDirty })}
      </DialogContent>
    </Dialog>
  );
}
