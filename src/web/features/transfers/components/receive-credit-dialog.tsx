import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatNumber, todayIso } from '@domain/format';
import { programName } from '@domain/programs';
import { Button } from '@/components/ui/button';
import { FormDateInput } from '@/components/ui/form-date-input';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog, useDialogGuard, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { MilesInput } from '@/components/ui/typed-inputs';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { useReceiveCredit } from '../api/receive-credit';
import {
  creditLabel,
  RECEIPT_FORM_FIELDS,
  receiptFormResolver,
  toReceiptFormState,
  type ReceiptFormState,
} from '../credit-display';
import type { Credit, CreditReceipt } from '../types';

export interface ReceiveCreditDialogProps {
  open: boolean;
  /** The last one chosen: kept while the dialog closes, so its texts stay. */
  credit: Credit | null;
  onOpenChange: (open: boolean) => void;
}

const TITLE = 'Marcar como recebido';

/** 'Marcar como recebido': how many miles came and when; they become a lot of the account. */
export function ReceiveCreditDialog({ open, credit, onOpenChange }: ReceiveCreditDialogProps) {
  return (
    <FormDialog<Credit>
      open={open && credit !== null}
      onOpenChange={onOpenChange}
      className="sm:max-w-[480px]"
      title={TITLE}
      description={credit ? `${creditLabel(credit)}. As milhas recebidas entram no estoque como um lote.` : ''}
    >
      {(guard) => credit && <ReceiveCreditForm key={credit.id} credit={credit} {...guard} />}
    </FormDialog>
  );
}

interface ReceiveCreditFormProps extends FormDialogGuard<Credit> {
  credit: Credit;
}

function ReceiveCreditForm({ credit, onCancel, onSaved, ...guard }: ReceiveCreditFormProps) {
  const [today] = useState(todayIso);
  const [resolver] = useState(() => receiptFormResolver(today));
  const receive = useReceiveCredit();
  const form = useForm<ReceiptFormState, unknown, CreditReceipt>({
    resolver,
    defaultValues: toReceiptFormState(credit, today),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;
  useDialogGuard(guard, receive.isPending, isDirty);

  const onSubmit = form.handleSubmit((input) =>
    receive.mutate(
      { id: credit.id, input },
      {
        onSuccess: (received) => {
          const quantity = received.quantity ?? input.quantity ?? credit.expected_quantity;
          toast.success('Crédito recebido', {
            description: `${formatNumber(quantity)} milhas entraram em ${programName(received.account.program)} · conta ${received.account.account_number}.`,
          });
          onSaved(received);
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, RECEIPT_FORM_FIELDS);
          toastError('Erro ao marcar o crédito como recebido', error);
        },
      },
    ),
  );

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate aria-label={TITLE} className="grid gap-5">
      <div className="grid grid-cols-2 gap-4">
        <FormField
          id="credit-receipt-quantity"
          label="Quantidade recebida"
          error={errors.quantity?.message}
          hint={`Esperadas: ${formatNumber(credit.expected_quantity)}. Se vierem menos, o custo do crédito fica com as que vieram.`}
          className="col-span-2 sm:col-span-1"
        >
          <MilesInput {...form.register('quantity')} />
        </FormField>
        <FormField
          id="credit-receipt-received-on"
          label="Data de recebimento"
          error={errors.received_on?.message}
          className="col-span-2 sm:col-span-1"
        >
          <FormDateInput control={form.control} name="received_on" />
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={receive.isPending}>
          Cancelar
        </Button>
        <SubmitButton pending={receive.isPending}>
          {receive.isPending ? 'Salvando...' : 'Marcar como recebido'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
