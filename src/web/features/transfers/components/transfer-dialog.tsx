import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { todayIso } from '@domain/format';
import { ratioSchema, type TransferInput } from '@domain/transfers/transfer.schema';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import { FormDateInput } from '@/components/ui/form-date-input';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog, useDialogGuard, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { MilesInput } from '@/components/ui/typed-inputs';
import { maskDecimal } from '@/lib/decimal-mask';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCreateTransfer } from '../api/create-transfer';
import {
  exceedsBalance,
  maskMoney,
  maskPercent,
  pointsText,
  toTransferFormState,
  TRANSFER_FORM_FIELDS,
  transferFormResolver,
  transferPreview,
  transferSavedText,
  typedBonus,
  type TransferFormState,
} from '../transfer-form';
import type { Transfer } from '../types';
import { TransferAccountFields, useTransferAccountChoice } from './transfer-account-fields';
import { TransferPreviewPanel } from './transfer-preview';

export interface TransferDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (transfer: Transfer) => void;
}

const TITLE = 'Transferir pontos';

/**
 * 'Transferir pontos' (issue #23): points of a Livelo, Esfera or other points account go to an
 * airline account of the same holder, at a ratio and with a bonus; the miles are credits still to
 * come ('Milhas a creditar') until marked as received.
 */
export function TransferDialog(dialog: TransferDialogProps) {
  return (
    <FormDialog<Transfer>
      {...dialog}
      className="sm:max-w-[640px]"
      title={TITLE}
      description="Os pontos saem da conta de origem agora. Milhas com crédito para hoje entram no estoque na hora; as demais ficam a creditar até a data prevista."
    >
      {(guard) => <TransferFormBody {...guard} />}
    </FormDialog>
  );
}

function TransferFormBody({ onCancel, onSaved, ...guard }: FormDialogGuard<Transfer>) {
  const [today] = useState(todayIso);
  const [resolver] = useState(() => transferFormResolver(today));
  const create = useCreateTransfer();
  const form = useForm<TransferFormState, unknown, TransferInput>({
    resolver,
    defaultValues: toTransferFormState(today),
    // Messages appear on submit, then follow the typing (as the lot form: a message appearing on
    // blur would move the buttons under the pointer).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;
  useDialogGuard(guard, create.isPending, isDirty);
  const fieldId = (name: FieldPath<TransferFormState>) => `transfer-${name.replace(/_/g, '-')}`;

  const choice = useTransferAccountChoice(form);
  const [points, ratio, bonus] = useWatch({ control: form.control, name: ['points', 'ratio', 'bonus_percent'] });
  const preview = transferPreview({ points, ratio, bonus_percent: bonus }, choice.pairRatio);
  const typedRatio = ratioSchema.safeParse(ratio);
  const usedRatio = typedRatio.success ? (typedRatio.data ?? choice.pairRatio) : null;
  const withBonus = typedBonus(bonus) > 0;
  const balance = choice.source ? (choice.balances.get(choice.source.id) ?? null) : null;
  const overBalance = exceedsBalance(points, balance);

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (transfer) => {
        toast.success('Transferência registrada', { description: transferSavedText(transfer) });
        onSaved(transfer);
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, TRANSFER_FORM_FIELDS);
        toastError('Erro ao registrar transferência', error);
      },
    }),
  );

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate aria-label={TITLE} className="grid gap-5">
      <div className="grid grid-cols-2 gap-4">
        <TransferAccountFields form={form} fieldId={fieldId} choice={choice} />

        <FormField
          id={fieldId('points')}
          label="Pontos"
          error={errors.points?.message}
          hint={overBalance && balance !== null ? `Acima do saldo disponível (${pointsText(balance)}).` : undefined}
          className="col-span-2 sm:col-span-1"
        >
          <MilesInput placeholder="Ex.: 100000" {...form.register('points')} />
        </FormField>

        <FormField
          id={fieldId('ratio')}
          label="Paridade (milhas por ponto)"
          error={errors.ratio?.message}
          hint={ratio.trim() === '' ? 'Em branco: a paridade da agência para o par.' : undefined}
          className="col-span-2 sm:col-span-1"
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder="1"
            maxLength={12}
            className="tabular-nums"
            mask={maskDecimal}
            {...form.register('ratio')}
          />
        </FormField>

        <FormField
          id={fieldId('bonus_percent')}
          label="Bônus (%)"
          error={errors.bonus_percent?.message}
          hint="De 0 a 300%, conforme a promoção."
          className="col-span-2 sm:col-span-1"
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="0"
            maxLength={3}
            className="tabular-nums"
            mask={maskPercent}
            {...form.register('bonus_percent')}
          />
        </FormField>

        <FormField
          id={fieldId('extra_cost_cents')}
          label="Custo extra (R$)"
          error={errors.extra_cost_cents?.message}
          hint="Taxas da transferência; somam ao custo dos pontos."
          className="col-span-2 sm:col-span-1"
        >
          <CurrencyInput
            autoComplete="off"
            placeholder="0,00"
            mask={maskMoney}
            {...form.register('extra_cost_cents')}
          />
        </FormField>

        <div className={cn('col-span-2 grid gap-4', withBonus ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
          <FormField id={fieldId('transfer_date')} label="Data da transferência" error={errors.transfer_date?.message}>
            <FormDateInput control={form.control} name="transfer_date" />
          </FormField>
          <FormField
            id={fieldId('base_credit_date')}
            label="Crédito das milhas"
            error={errors.base_credit_date?.message}
          >
            <FormDateInput control={form.control} name="base_credit_date" />
          </FormField>
          {withBonus && (
            <FormField
              id={fieldId('bonus_credit_date')}
              label="Crédito do bônus"
              error={errors.bonus_credit_date?.message}
            >
              <FormDateInput control={form.control} name="bonus_credit_date" />
            </FormField>
          )}
        </div>

        <FormField id={fieldId('notes')} label="Observações" error={errors.notes?.message} className="col-span-2">
          <Textarea
            rows={2}
            maxLength={2000}
            placeholder="Promoção, protocolo da transferência..."
            {...form.register('notes')}
          />
        </FormField>
      </div>

      <TransferPreviewPanel
        preview={preview}
        source={choice.source}
        destination={choice.destination}
        ratio={usedRatio}
      />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancelar
        </Button>
        <SubmitButton pending={create.isPending} className={cn(create.isPending && 'cursor-wait')}>
          {create.isPending ? 'Transferindo...' : 'Transferir'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
