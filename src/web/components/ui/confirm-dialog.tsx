import type * as React from 'react';
import { Loader2Icon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';
import { toastError } from '@/lib/toast';
import { Button, type ButtonProps } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The request is under way: the dialog stays open and its buttons wait. */
  busy: boolean;
  title: React.ReactNode;
  description: React.ReactNode;
  /** 'Cancelar' unless said otherwise. */
  cancelLabel?: React.ReactNode;
  /** Without it there is nothing to confirm: only the cancel button, to close. */
  confirmLabel?: React.ReactNode;
  confirmVariant?: ButtonProps['variant'];
  /** Nothing to confirm yet, besides while busy. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
}

/** A modal question answered only by its buttons or Escape, whose confirmation starts a request. */
export function ConfirmDialog({
  open,
  onOpenChange,
  busy,
  title,
  description,
  cancelLabel = 'Cancelar',
  confirmLabel,
  confirmVariant,
  confirmDisabled = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
          {/* A plain button, not AlertDialog.Action: the dialog stays open until the request ends. */}
          {confirmLabel !== undefined && (
            <Button variant={confirmVariant} onClick={onConfirm} disabled={busy || confirmDisabled}>
              {busy && <Loader2Icon aria-hidden="true" className="animate-spin" />}
              {confirmLabel}
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The callbacks of the request a confirmation started: the dialog closes once it is answered; then
 * `onSuccess` reports what was done, or the failure is toasted under `failed` with the server's message.
 */
export function closingCallbacks<T>(
  onOpenChange: (open: boolean) => void,
  failed: string,
  onSuccess: (result: T) => void,
) {
  return {
    onSuccess: (result: T) => {
      onOpenChange(false);
      onSuccess(result);
    },
    onError: (error: Error) => {
      onOpenChange(false);
      toastError(failed, error);
    },
  };
}
