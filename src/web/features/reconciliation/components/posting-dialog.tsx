import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { INSTALLMENTS_MAX, PAYMENT_METHOD_LABELS, type Entry, type EntryInput } from '@domain/finance/entry.schema';
import { RECONCILED_POSTING, type Reconciled } from '@domain/finance/reconciliation.schema';
import { formatCents, todayIso } from '@domain/format';
import { CurrencyInput } from '@/components/ui/currency-input';
import { FormDateInput } from '@/components/ui/form-date-input';
import { FormDialog, RecordForm, useDialogGuard, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { labelOptions, Select, SelectOptions } from '@/components/ui/select';
import { applyServerFieldErrors } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { useCreateEntry } from '../api/create-entry';
import {
  maskMoney,
  POSTING_FORM_FIELDS,
  postingFormResolver,
  toPostingFormState,
  type PostingFormState,
} from '../posting-form';
import type { ReconciliationRow } from '../types';

/** The emission and the category an action button posts. */
export interface PostingTarget {
  row: ReconciliationRow;
  category: Reconciled;
}

export interface PostingDialogProps {
  open: boolean;
  /** The last button's: kept while the dialog closes, so its texts stay. */
  target: PostingTarget | null;
  onOpenChange: (open: boolean) => void;
}

const PAYMENT_OPTIONS = labelOptions(PAYMENT_METHOD_LABELS);

/** 'Lançar Taxas' and the others (spec part 2 §5 "Posting dialog": value required, description editable). */
export function PostingDialog({ open, target, onOpenChange }: PostingDialogProps) {
  const label = target ? RECONCILED_POSTING[target.category].label : '';
  const emission = target ? [target.row.pnr ?? 'Sem PNR', target.row.route, target.row.client_name].join(' · ') : '';
  return (
    <FormDialog<Entry>
      open={open && target !== null}
      onOpenChange={onOpenChange}
      className="sm:max-w-[520px]"
      title={`Lançar ${label}`}
      description={
        target
          ? `${emission}. Faltam ${formatCents(target.row.missing[target.category])} de ${label.toLowerCase()}.`
          : ''
      }
    >
      {(guard) =>
        target && <PostingForm key={`${target.row.emission_id}-${target.category}`} target={target} {...guard} />
      }
    </FormDialog>
  );
}

interface PostingFormProps extends FormDialogGuard<Entry> {
  target: PostingTarget;
}

function PostingForm({ target, onCancel, onSaved, ...guard }: PostingFormProps) {
  const create = useCreateEntry();
  const form = useForm<PostingFormState, unknown, EntryInput>({
    resolver: postingFormResolver,
    defaultValues: toPostingFormState(target.row, target.category, todayIso()),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;
  useDialogGuard(guard, create.isPending, isDirty);
  const card = useWatch({ control: form.control, name: 'payment_method' }) === 'card';

  const fieldId = (name: FieldPath<PostingFormState>) => `posting-${name.replace(/_/g, '-')}`;
  const title = `Lançar ${RECONCILED_POSTING[target.category].label}`;
  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (entry) => {
        toast.success('Lançamento criado', {
          description: `${formatCents(Math.abs(entry.amount_cents))} lançado em ${target.row.pnr ?? target.row.route}.`,
        });
        onSaved(entry);
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, POSTING_FORM_FIELDS))
          toastError('Erro ao criar lançamento', error);
      },
    }),
  );

  return (
    <RecordForm label={title} onSubmit={onSubmit} pending={create.isPending} editing={false} onCancel={onCancel}>
      <div className="grid grid-cols-2 gap-4">
        <FormField
          id={fieldId('amount_cents')}
          label="Valor (R$)"
          error={errors.amount_cents?.message}
          className="col-span-2 sm:col-span-1"
        >
          <CurrencyInput autoComplete="off" placeholder="0,00" mask={maskMoney} {...form.register('amount_cents')} />
        </FormField>
        <FormField
          id={fieldId('entry_date')}
          label="Data"
          error={errors.entry_date?.message}
          className="col-span-2 sm:col-span-1"
        >
          <FormDateInput control={form.control} name="entry_date" />
        </FormField>
        <FormField
          id={fieldId('description')}
          label="Descrição"
          error={errors.description?.message}
          className="col-span-2"
        >
          <Input autoComplete="off" {...form.register('description')} />
        </FormField>
        <FormField
          id={fieldId('payment_method')}
          label="Forma de pagamento"
          error={errors.payment_method?.message}
          className={card ? 'col-span-2 sm:col-span-1' : 'col-span-2'}
        >
          <Select
            {...form.register('payment_method', {
              // Installments belong to a card payment only: another method drops them.
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value !== 'card') form.setValue('installments', '');
              },
            })}
          >
            <SelectOptions options={PAYMENT_OPTIONS} />
          </Select>
        </FormField>
        {card && (
          <FormField
            id={fieldId('installments')}
            label="Parcelas"
            error={errors.installments?.message}
            hint={`De 1 a ${INSTALLMENTS_MAX}`}
            className="col-span-2 sm:col-span-1"
          >
            <Input inputMode="numeric" autoComplete="off" placeholder="1" {...form.register('installments')} />
          </FormField>
        )}
      </div>
    </RecordForm>
  );
}
