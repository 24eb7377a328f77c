import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { PlusIcon } from 'lucide-react';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import { FormDateInput } from '@/components/ui/form-date-input';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { MilesInput } from '@/components/ui/typed-inputs';
import { maskDecimal } from '@/lib/decimal-mask';
import { useSuppliers } from '@/features/suppliers/api/get-suppliers';
import { SupplierDialog } from '@/features/suppliers/components/supplier-dialog';
import type { Supplier } from '@/features/suppliers/types';
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

      <LotSupplierField form={form} fieldId={fieldId} />

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

/**
 * 'Fornecedor' (issue #23): one of the agency's suppliers, or 'Sem fornecedor'; 'Novo fornecedor'
 * registers one and selects it. A lot a transfer or a club credited shows where it came from.
 */
function LotSupplierField({ form, fieldId }: LotPurchaseFieldsProps) {
  const suppliers = useSuppliers();
  // Controlled: a supplier just registered is selected as its option appears.
  const supplierId = useWatch({ control: form.control, name: 'supplier_id' });
  const [creating, setCreating] = useState(false);
  // The supplier just registered, until the refreshed list has it.
  const [added, setAdded] = useState<Supplier | null>(null);
  const list = suppliers.data?.data ?? [];
  const options = added && !list.some((s) => s.id === added.id) ? [...list, added] : list;
  const origin = form.formState.defaultValues?.supplier_origin;
  const loading = suppliers.isPending;

  const onSaved = (supplier: Supplier) => {
    setAdded(supplier);
    form.setValue('supplier_id', supplier.id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  return (
    <div className="col-span-2 grid gap-2">
      <FormField
        id={fieldId('supplier_id')}
        label="Fornecedor"
        error={form.formState.errors.supplier_id?.message}
        hint={origin && supplierId === '' ? `Origem: ${origin}` : undefined}
      >
        <Select {...form.register('supplier_id')} value={supplierId} disabled={loading}>
          <option value="">{loading ? 'Carregando fornecedores...' : 'Sem fornecedor'}</option>
          {options.map((supplier) => (
            <option key={supplier.id} value={supplier.id}>
              {supplier.name}
            </option>
          ))}
        </Select>
      </FormField>
      {suppliers.isError && <QueryErrorState compact title="Erro ao carregar os fornecedores" query={suppliers} />}
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto justify-self-start px-0"
        onClick={() => setCreating(true)}
      >
        <PlusIcon aria-hidden="true" />
        Novo fornecedor
      </Button>
      <SupplierDialog open={creating} onOpenChange={setCreating} onSaved={onSaved} />
    </div>
  );
}
