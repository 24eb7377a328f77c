import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { todayIso } from '@domain/format';
import type { LotInput } from '@domain/lots/lot.schema';
import type { LotSaveInput } from '../api/create-lot';
import { FormDialog, RecordForm, useDialogGuard, type FormDialogGuard } from '@/components/ui/form-dialog';
import { saveRecord, type RecordFormTexts } from '@/lib/form';
import { useCreateLot } from '../api/create-lot';
import { useUpdateLot } from '../api/update-lot';
import { LOT_FORM_FIELDS, lotFormResolver, lotPayment, toLotFormState, type LotFormState } from '../lot-form';
import type { Lot } from '../types';
import { LotAccountFields, useLotAccountChoice } from './lot-account-fields';
import { LotPaymentFields } from './lot-payment-fields';
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

const TEXTS: Record<'create' | 'update', RecordFormTexts> = {
  create: {
    title: 'Novo Lote de Milhas',
    description: 'Registre a compra de milhas com o custo e o vencimento.',
    saved: { title: 'Lote criado', description: 'Lote de milhas criado com sucesso!' },
    failed: 'Erro ao criar lote',
  },
  update: {
    title: 'Editar Lote',
    description: 'Altere os dados do lote abaixo.',
    saved: { title: 'Lote atualizado', description: 'Lote atualizado com sucesso!' },
    failed: 'Erro ao atualizar lote',
  },
};

/** 'Novo Lote de Milhas' / 'Editar Lote' (spec part 1 §2 and §5, part 2 §5 "Legacy lot form"). */
export function LotFormDialog({ lot, warningDays, ...dialog }: LotFormDialogProps) {
  const texts = lot ? TEXTS.update : TEXTS.create;
  return (
    <FormDialog {...dialog} className="sm:max-w-[600px]" title={texts.title} description={texts.description}>
      {(guard) => <LotForm lot={lot} warningDays={warningDays} texts={texts} {...guard} />}
    </FormDialog>
  );
}

interface LotFormProps extends FormDialogGuard<Lot> {
  lot: Lot | null;
  warningDays: number;
  texts: RecordFormTexts;
}

function LotForm({ lot, warningDays, texts, onCancel, onSaved, ...guard }: LotFormProps) {
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

  useDialogGuard(guard, pending, isDirty);

  const account = useLotAccountChoice(form, lot);

  const onSubmit = form.handleSubmit((input) =>
    saveRecord({
      id: lot?.id ?? null,
      // Only one of the two reaches the API: the chosen account, or the number of a new one.
      // A new lot says how it is paid (on a card, in instalments); an edit never changes that.
      input: {
        ...(account.newAccount ? { ...input, account_id: null } : { ...input, account_number: null }),
        ...(lot ? {} : lotPayment(form.getValues('card_id'), form.getValues('instalments'))),
      } satisfies LotSaveInput,
      create,
      update,
      texts,
      setError: form.setError,
      knownFields: LOT_FORM_FIELDS,
      onSaved,
    }),
  );

  return (
    <RecordForm label={texts.title} onSubmit={onSubmit} pending={pending} editing={lot !== null} onCancel={onCancel}>
      <div className="grid grid-cols-2 gap-4">
        <LotAccountFields form={form} fieldId={fieldId} choice={account} />
        <LotPurchaseFields form={form} fieldId={fieldId} />
        {!lot && <LotPaymentFields form={form} fieldId={fieldId} today={today} />}
      </div>
      <LotSummaryPanel control={form.control} today={today} warningDays={warningDays} />
    </RecordForm>
  );
}
