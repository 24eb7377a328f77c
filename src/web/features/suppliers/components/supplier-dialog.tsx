import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { SUPPLIER_NAME_MAX } from '@domain/suppliers/supplier.schema';
import { FormDialog, RecordForm, useDialogGuard, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { applyServerFieldErrors } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { maskDocument } from '@/features/clients/client-form';
import { useCreateSupplier, useUpdateSupplier } from '../api/save-supplier';
import {
  SUPPLIER_FORM_FIELDS,
  supplierFormResolver,
  toSupplierFormState,
  type SupplierFormState,
} from '../supplier-form';
import type { Supplier, SupplierInput } from '../types';

export interface SupplierDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The supplier to edit; null (or absent) registers a new one. */
  supplier?: Supplier | null;
  /** After the dialog closed on a save (the lot form selects the new supplier). */
  onSaved?: (supplier: Supplier) => void;
}

/**
 * 'Novo fornecedor' / 'Editar fornecedor' (issue #23): who the agency buys miles and points from.
 * Opened from 'Fornecedores' on /lotes and from the lot form's 'Fornecedor'.
 */
export function SupplierDialog({ supplier = null, ...dialog }: SupplierDialogProps) {
  return (
    <FormDialog<Supplier>
      {...dialog}
      className="sm:max-w-[520px]"
      title={supplier ? 'Editar fornecedor' : 'Novo fornecedor'}
      description={
        supplier
          ? 'Renomear o fornecedor também renomeia o fornecedor dos lotes comprados dele.'
          : 'Cadastre de quem a agência compra milhas e pontos, para escolhê-lo nos lotes.'
      }
    >
      {(guard) => <SupplierFormBody supplier={supplier} {...guard} />}
    </FormDialog>
  );
}

interface SupplierFormBodyProps extends FormDialogGuard<Supplier> {
  supplier: Supplier | null;
}

function SupplierFormBody({ supplier, onCancel, onSaved, ...guard }: SupplierFormBodyProps) {
  const [resolver] = useState(supplierFormResolver);
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const form = useForm<SupplierFormState, unknown, SupplierInput>({
    resolver,
    defaultValues: toSupplierFormState(supplier),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;
  const pending = create.isPending || update.isPending;
  useDialogGuard(guard, pending, isDirty);
  const idPrefix = supplier ? `supplier-${supplier.id}` : 'supplier-new';
  const fieldId = (name: FieldPath<SupplierFormState>) => `${idPrefix}-${name.replace(/_/g, '-')}`;
  const title = supplier ? 'Editar fornecedor' : 'Novo fornecedor';

  const callbacks = {
    onSuccess: (saved: Supplier) => {
      toast.success(supplier ? 'Fornecedor atualizado' : 'Fornecedor cadastrado', { description: saved.name });
      onSaved(saved);
    },
    onError: (error: Error) => {
      applyServerFieldErrors(error, form.setError, SUPPLIER_FORM_FIELDS);
      toastError(supplier ? 'Erro ao atualizar fornecedor' : 'Erro ao cadastrar fornecedor', error);
    },
  };
  const submit = form.handleSubmit((input) =>
    supplier ? update.mutate({ id: supplier.id, input }, callbacks) : create.mutate(input, callbacks),
  );
  // Opened from the lot form, this form sits inside the lot's form in React's tree (its dialog is
  // portalled, but React events still bubble through the portal): its submit must not reach the lot's.
  const onSubmit = (event?: React.BaseSyntheticEvent) => {
    event?.stopPropagation();
    return submit(event);
  };

  return (
    <RecordForm label={title} onSubmit={onSubmit} pending={pending} editing={supplier !== null} onCancel={onCancel}>
      <div className="grid grid-cols-2 gap-4">
        <FormField id={fieldId('name')} label="Nome" error={errors.name?.message} className="col-span-2">
          <Input
            autoComplete="off"
            maxLength={SUPPLIER_NAME_MAX}
            placeholder="Ex.: Hotmilhas"
            {...form.register('name')}
          />
        </FormField>

        <FormField
          id={fieldId('document')}
          label="CPF/CNPJ"
          error={errors.document?.message}
          hint="Opcional."
          className="col-span-2 sm:col-span-1"
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            maxLength={18}
            className="tabular-nums"
            mask={maskDocument}
            {...form.register('document')}
          />
        </FormField>

        <FormField
          id={fieldId('pix_key')}
          label="Chave PIX"
          error={errors.pix_key?.message}
          hint="Opcional."
          className="col-span-2 sm:col-span-1"
        >
          <Input
            autoComplete="off"
            maxLength={140}
            placeholder="CPF, e-mail, telefone..."
            {...form.register('pix_key')}
          />
        </FormField>

        <FormField
          id={fieldId('contact')}
          label="Contato"
          error={errors.contact?.message}
          hint="Opcional: telefone, e-mail ou outro meio."
          className="col-span-2"
        >
          <Input autoComplete="off" maxLength={200} placeholder="Ex.: (11) 99999-9999" {...form.register('contact')} />
        </FormField>

        <FormField id={fieldId('notes')} label="Observações" error={errors.notes?.message} className="col-span-2">
          <Textarea rows={2} maxLength={2000} placeholder="Condições, prazos..." {...form.register('notes')} />
        </FormField>
      </div>
    </RecordForm>
  );
}
