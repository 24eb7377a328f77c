import type * as React from 'react';
import { useLayoutEffect, useState } from 'react';
import { submitHandler } from '@/lib/form';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { SubmitButton } from './submit-button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

/** What the form inside tells its dialog: when it may close, and that it is done. */
export interface FormDialogGuard<T> {
  /** A save is under way: nothing closes the dialog. */
  onBusyChange: (busy: boolean) => void;
  /** Something was typed: closing the dialog (Escape, a click beside it, ×, 'Cancelar') asks first. */
  onDirtyChange: (dirty: boolean) => void;
  /** 'Cancelar': the dialog closes, after asking if something was typed. */
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

/**
 * A dialog holding a form: it stays while saving, and closing it with something typed — Escape, a
 * click beside it, its × or 'Cancelar' — asks before throwing that away.
 */
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
  const [asking, setAsking] = useState(false);
  const close = () => {
    if (busy) return;
    if (dirty) setAsking(true);
    else onOpenChange(false);
  };
  const guard: FormDialogGuard<T> = {
    onBusyChange: setBusy,
    onDirtyChange: setDirty,
    onCancel: close,
    onSaved: (saved) => {
      onOpenChange(false);
      onSaved?.(saved);
    },
  };
  const discard = () => {
    setAsking(false);
    setDirty(false);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        className={className}
        // While it asks, Escape answers 'Continuar editando' and a click beside it does nothing.
        onEscapeKeyDown={(event) => {
          if (!asking) return;
          event.preventDefault();
          setAsking(false);
        }}
        onInteractOutside={(event) => {
          if (asking) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div inert={asking} className="contents">
          {children(guard)}
        </div>
        {asking && <DiscardQuestion onKeep={() => setAsking(false)} onDiscard={discard} />}
      </DialogContent>
    </Dialog>
  );
}

/**
 * 'Descartar alterações?' over the form, inside the same dialog (one modal layer: focus, Escape
 * and screen readers stay with it), its safe answer focused.
 */
function DiscardQuestion({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  return (
    <div className="absolute inset-0 z-10 grid place-items-center rounded-[inherit] bg-background/80 p-4 backdrop-blur-[2px]">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="discard-title"
        aria-describedby="discard-description"
        className="grid max-w-sm gap-3 rounded-lg border bg-card p-5 shadow-lg"
      >
        <h2 id="discard-title" className="text-lg font-semibold">
          Descartar alterações?
        </h2>
        <p id="discard-description" className="text-sm text-muted-foreground">
          O que você preencheu neste formulário ainda não foi salvo e será perdido.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {/* oxlint-disable-next-line jsx-a11y/no-autofocus -- the question's safe answer takes the focus, as an alert dialog does */}
          <Button type="button" variant="outline" onClick={onKeep} autoFocus>
            Continuar editando
          </Button>
          <Button type="button" variant="destructive" onClick={onDiscard}>
            Descartar
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Tells the dialog what the form inside is doing: saving (nothing closes it), or holding what was typed. */
export function useDialogGuard(
  guard: Pick<FormDialogGuard<unknown>, 'onBusyChange' | 'onDirtyChange'>,
  busy: boolean,
  dirty: boolean,
) {
  const { onBusyChange, onDirtyChange } = guard;
  // Layout effects: the dialog knows in the same commit as the keystroke, so an Escape pressed
  // right after typing asks (a passive effect's update could land after it: seen in e2e on a busy machine).
  useLayoutEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  useLayoutEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
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
