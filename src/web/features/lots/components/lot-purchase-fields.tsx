import { CurrencyInput } from '@/components/ui/currency-input';
import { FormDateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { MilesInput } from '@/components/ui/typed-inputs';
import { maskDecimal } from '@/lib/decimal-mask';
import type { LotFieldId, LotForm } from '../lot-form';

export interface LotPurchaseFieldsProps {
  form: LotForm;
  fieldId: LotFieldId;
}

/** The purchase: quantity, cost per mile, dates, supplier and notes (cells of the form's grid). */
export function LotPurchaseFields({ form, fieldId }: LotPurchaseFieldsProps) {
  const { errors } = form.formState;
  return (
    <>
      <FormField
        id={fieldId('original_quantity')}
        label="Quantidade de milhas"
        error={errors.original_quantity?.message}
        className="col-span-2 sm:col-span-1"
      >
        <MilesInput placeholder="Ex.: 100000" {...form.register('original_quantity')} />
      </FormField>

      <FormField
        id={fieldId('cost_per_mile')}
        label="Custo por milha (R$)"
        error={errors.cost_per_mile?.message}
        className="col-span-2 sm:col-span-1"
      >
        <CurrencyInput
          autoComplete="off"
          placeholder="0,0155"
          maxLength={12}
          mask={maskDecimal}
          {...form.register('cost_per_mile')}
        />
      </FormField>

      <FormField id={fieldId('purchase_date')} label="Data de compra" error={errors.purchase_date?.message}>
        <FormDateInput control={form.control} name="purchase_date" />
      </FormField>

      <FormField id={fieldId('expiry_date')} label="Data de vencimento" error={errors.expiry_date?.message}>
        <FormDateInput control={form.control} name="expiry_date" />
      </FormField>

      <FormField id={fieldId('supplier')} label="Fornecedor" error={errors.supplier?.message} className="col-span-2">
        <Input
          autoComplete="off"
          maxLength={200}
          placeholder="De quem as milhas foram compradas"
          {...form.register('supplier')}
        />
      </FormField>

      <FormField id={fieldId('notes')} label="Observações" error={errors.notes?.message} className="col-span-2">
        <Textarea
          rows={3}
          maxLength={2000}
          placeholder="Condições da compra, forma de pagamento..."
          {...form.register('notes')}
        />
      </FormField>
    </>
  );
}
