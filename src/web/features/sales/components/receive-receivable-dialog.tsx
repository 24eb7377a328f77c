import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PAYMENT_METHOD_LABELS } from '@domain/finance/entry.schema';
import { formatCents, formatDate, todayIso } from '@domain/format';
import { Button } from '@/components/ui/button';
import { FormDateInput } from '@/components/ui/form-date-input';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog, useDialogGuard, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectOptions } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { useReceiveReceivable } from '../api/receive-receivable';
import {
  RECEIPT_FORM_FIELDS,
  RECEIPT_METHOD_OPTIONS,
  receiptFormResolver,
  receivableLabel,
  toReceiptFormState,
  type ReceiptFormState,
} from '../receivable-filters';
import type { Receipt, Receivable } from '../types';
import { useRowDialog } from '@/hooks/use-row-dialog';

export interface ReceiveReceivableDialogProps {
  open: boolean;
  /** The last one chosen: kept while the dialog closes, so its texts stay. */
  receivable: Receivable | null;
  onOpenChange: (open: boolean) => void;
}

const TITLE = 'Registrar recebimento';

/** 'Recebido': when and how the instalment came in; it is posted in /financeiro as a "Venda de milhas" revenue. */
export function ReceiveReceivableDialog({ open, receivable, onOpenChange }: ReceiveReceivableDialogProps) {
  return (
    <FormDialog<Receivable>
      open={open && receivable !== null}
      onOpenChange={onOpenChange}
      className="sm:max-w-[480px]"
      title={TITLE}
      description={
        receivable
          ? `${formatCents(receivable.amount_cents)} da ${receivableLabel(receivable)}. O valor é lançado no financeiro como receita de venda de milhas.`
          : ''
      }
    >
      {(guard) => receivable && <ReceiveForm key={receivable.id} receivable={receivable} {...guard} />}
    </FormDialog>
  );
}

interface ReceiveFormProps extends FormDialogGuard<Receivable> {
  receivable: Receivable;
}

function ReceiveForm({ receivable, onCancel, onSaved, ...guard }: ReceiveFormProps) {
  const [today] = useState(todayIso);
  const [resolver] = useState(() => receiptFormResolver(today));
  const receive = useReceiveReceivable();
  const form = useForm<ReceiptFormState, unknown, Receipt>({
    resolver,
    defaultValues: toReceiptFormState(today),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;
  useDialogGuard(guard, receive.isPending, isDirty);

  const onSubmit = form.handleSubmit((input) =>
    receive.mutate(
      { id: receivable.id, input },
      {
        onSuccess: (received) => {
          const method = input.payment_method ? ` por ${PAYMENT_METHOD_LABELS[input.payment_method]}` : '';
          toast.success('Recebimento registrado', {
            description: `${formatCents(received.amount_cents)} de ${received.sale.buyer_name}${method}, lançados no financeiro em ${formatDate(received.received_on)}.`,
          });
          onSaved(received);
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, RECEIPT_FORM_FIELDS);
          toastError('Erro ao registrar recebimento', error);
        },
      },
    ),
  );

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate aria-label={TITLE} className="grid gap-5">
      <div className="grid grid-cols-2 gap-4">
        <FormField
          id="receivable-receipt-received-on"
          label="Data do recebimento"
          error={errors.received_on?.message}
          className="col-span-2 sm:col-span-1"
        >
          <FormDateInput control={form.control} name="received_on" />
        </FormField>
        <FormField
          id="receivable-receipt-payment-method"
          label="Forma de recebimento"
          error={errors.payment_method?.message}
          className="col-span-2 sm:col-span-1"
        >
          <Select {...form.register('payment_method')}>
            <SelectOptions options={RECEIPT_METHOD_OPTIONS} />
          </Select>
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={receive.isPending}>
          Cancelar
        </Button>
        <SubmitButton pending={receive.isPending}>
          {receive.isPending ? 'Salvando...' : 'Registrar recebimento'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

/** A list's 'Recebido': `choose` a row, and the dialog to render (it keeps the row while closing). */
export const useReceivableToReceive = () =>
  useRowDialog<Receivable>(({ row, open, onOpenChange }) => (
    <ReceiveReceivableDialog receivable={row} open={open} onOpenChange={onOpenChange} />
  ));
