import { useEffect, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { todayIso } from '@domain/format';
import type { LotInput } from '@domain/lots/lot.schema';
import { FormDialog, FormDialogFooter, type FormDialogGuard } from '@/components/ui/form-dialog';
import { saveRecord, submitHandler, type SaveTexts } from '@/lib/form';
import { useCreateLot } from '../api/create-lot';
import { useUpdateLot } from '../api/update-lot';
import { LOT_FORM_FIELDS, lotFormResolver, toLotFormState, type LotFormState } from '../lot-form';
import type { Lot } from '../types';
import { LotAccountFields, useLotAccountChoice } from './lot-account-fields';
import { LotPurchaseFields } from './lot-purchase-fields';
import { LotSummaryPanel } from './lot-summary-panel';

export interface LotFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The lot to edit; null creates a new one. */
  lot: Lot | null;
  /** The agency's expiry alert window: the days badge turns red within it. */
  warningDays: number;
  onSaved?: (lot: Lot) => void;
}

const LOT_SAVE_TEXTS: SaveTexts = {
  created: { title: 'Lote criado', description: 'Lote de milhas criado com sucesso!' },
  updated: { title: 'Lote atualizado', description: 'Lote atualizado com sucesso!' },
  createFailed: 'Erro ao criar lote',
  updateFailed: 'Erro ao atualizar lote',
};

/** 'Novo Lote de Milhas' / 'Editar Lote' (spec part 1 §2 and §5, part 2 §5 "Legacy lot form"). */
export function LotFormDialog({ open, onOpenChange, lot, warningDays, onSaved }: LotFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-[600px]"
      title={lot ? 'Editar Lote' : 'Novo Lote de Milhas'}
      description={lot ? 'Altere os dados do lote abaixo.' : 'Registre a compra de milhas com o custo e o vencimento.'}
      onSaved={onSaved}
    >
      {(guard) => <LotForm lot={lot} warningDays={warningDays} {...guard} />}
    </FormDialog>
  );
}

interface LotFormProps extends FormDialogGuard<Lot> {
  lot: Lot | null;
  warningDays: number;
}

function LotForm({ lot, warningDays, onBusyChange, onDirtyChange, onCancel, onSaved }: LotFormProps) {
  const [today] = useState(todayIso);
  const create = useCreateLot();
  const update = useUpdateLot();
  const [resolver] = useState(() => lotFormResolver(lot, today));
  const form = useForm<LotFormState, unknown, LotInput>({
    resolver,
    defaultValues: toLotFormState(lot, today),
    // Messages appear on submit, then follow the typing. Validating on blur would move the
    // buttons under the pointer as a message appears, and the click on 'Criar' would be lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { isDirty } = form.formState;
  const pending = create.isPending || update.isPending;
  const idPrefix = lot ? `lot-${lot.id}` : 'lot-new';
  const fieldId = (name: FieldPath<LotFormState>) => `${idPrefix}-${name.replace(/_/g, '-')}`;

  useEffect(() => onBusyChange(pending), [pending, onBusyChange]);
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const account = useLotAccountChoice(form, lot);

  const onSubmit = form.handleSubmit((input) =>
    saveRecord({
      id: lot?.id ?? null,
      // Only one of the two reaches the API: the chosen account, or the number of a new one.
      input: (account.newAccount
        ? { ...input, account_id: null }
        : { ...input, account_number: null }) satisfies LotInput,
      create,
      update,
      texts: LOT_SAVE_TEXTS,
      setError: form.setError,
      knownFields: LOT_FORM_FIELDS,
      onSaved,
    }),
  );

  return (
    <form
      onSubmit={submitHandler(onSubmit)}
      noValidate
      aria-label={lot ? 'Editar Lote' : 'Novo Lote de Milhas'}
      className="grid gap-5"
    >
      <div className="grid grid-cols-2 gap-4">
        <LotAccountFields form={form} fieldId={fieldId} choice={account} />
        <LotPurchaseFields form={form} fieldId={fieldId} />
      </div>
      <LotSummaryPanel control={form.control} today={today} warningDays={warningDays} />
      <FormDialogFooter pending={pending} editing={lot !== null} onCancel={onCancel} />
    </form>
  );
}
