import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { CARD_BRAND_LABELS, CARD_BRANDS, CARD_NAME_MAX, type CardInput } from '@domain/cards/card.schema';
import { todayIso } from '@domain/format';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog, useDialogGuard, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, type InputProps } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { maskDay } from '@/features/clubs/club-form';
import { maskMoney } from '@/features/transfers/transfer-form';
import { useCreateCard } from '../api/create-card';
import { CARD_FORM_FIELDS, cardFormResolver, cardPreview, EMPTY_CARD_FORM, type CardFormState } from '../card-form';
import type { Card } from '../types';

export interface CardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const TITLE = 'Novo cartão';

/**
 * 'Novo cartão' (issue #23): a credit card of the agency. Miles bought on it in instalments become
 * payables on its bills' due dates, in 'Contas a pagar'.
 */
export function CardDialog(dialog: CardDialogProps) {
  return (
    <FormDialog<Card>
      {...dialog}
      className="sm:max-w-[520px]"
      title={TITLE}
      description="As compras de milhas parceladas neste cartão aparecem em Contas a pagar, no vencimento de cada fatura."
    >
      {(guard) => <CardFormBody {...guard} />}
    </FormDialog>
  );
}

/** Day of the month, as typed: digits only, at most two. */
function DayInput(props: InputProps) {
  return (
    <Input inputMode="numeric" autoComplete="off" maxLength={2} className="tabular-nums" mask={maskDay} {...props} />
  );
}

function CardFormBody({ onCancel, onSaved, ...guard }: FormDialogGuard<Card>) {
  const [today] = useState(todayIso);
  const [resolver] = useState(cardFormResolver);
  const create = useCreateCard();
  const form = useForm<CardFormState, unknown, CardInput>({
    resolver,
    defaultValues: EMPTY_CARD_FORM,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;
  useDialogGuard(guard, create.isPending, isDirty);
  const fieldId = (name: FieldPath<CardFormState>) => `card-${name.replace(/_/g, '-')}`;
  const [closing, due] = useWatch({ control: form.control, name: ['closing_day', 'due_day'] });
  const preview = cardPreview({ closing_day: closing, due_day: due }, today);

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (card) => {
        toast.success('Cartão cadastrado', {
          description: `${card.name} (${CARD_BRAND_LABELS[card.brand]}) já pode ser usado para comprar milhas em parcelas no Novo Lote.`,
        });
        onSaved(card);
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, CARD_FORM_FIELDS);
        toastError('Erro ao cadastrar cartão', error);
      },
    }),
  );

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate aria-label={TITLE} className="grid gap-5">
      <div className="grid grid-cols-2 gap-4">
        <FormField id={fieldId('name')} label="Nome" error={errors.name?.message} className="col-span-2 sm:col-span-1">
          <Input autoComplete="off" maxLength={CARD_NAME_MAX} placeholder="Ex.: Itaú Azul" {...form.register('name')} />
        </FormField>

        <FormField
          id={fieldId('brand')}
          label="Bandeira"
          error={errors.brand?.message}
          className="col-span-2 sm:col-span-1"
        >
          <Select {...form.register('brand')}>
            {CARD_BRANDS.map((brand) => (
              <option key={brand} value={brand}>
                {CARD_BRAND_LABELS[brand]}
              </option>
            ))}
          </Select>
        </FormField>

        <FormField
          id={fieldId('closing_day')}
          label="Dia de fechamento"
          error={errors.closing_day?.message}
          hint="Compras depois desse dia entram na fatura seguinte."
          className="col-span-2 sm:col-span-1"
        >
          <DayInput placeholder="Ex.: 5" {...form.register('closing_day')} />
        </FormField>

        <FormField
          id={fieldId('due_day')}
          label="Dia de vencimento"
          error={errors.due_day?.message}
          hint="De 1 a 31; em meses mais curtos, o último dia."
          className="col-span-2 sm:col-span-1"
        >
          <DayInput placeholder="Ex.: 15" {...form.register('due_day')} />
        </FormField>

        <FormField
          id={fieldId('limit_cents')}
          label="Limite (R$)"
          error={errors.limit_cents?.message}
          hint="Opcional. Serve para comparar com o que está em aberto no cartão."
          className="col-span-2"
        >
          <CurrencyInput autoComplete="off" placeholder="0,00" mask={maskMoney} {...form.register('limit_cents')} />
        </FormField>
      </div>

      <div aria-live="polite">
        {preview && (
          <p data-testid="card-preview" className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
            {preview}
          </p>
        )}
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancelar
        </Button>
        <SubmitButton pending={create.isPending} className={cn(create.isPending && 'cursor-wait')}>
          {create.isPending ? 'Salvando...' : 'Salvar cartão'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
