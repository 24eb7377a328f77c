import { CLIENT_STATUS_LABELS } from '@domain/clients/client.rules';
import { FormDateInput } from '@/components/ui/form-date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { labelOptions, Select, SelectOptions } from '@/components/ui/select';
import { EmailInput, PhoneInput } from '@/components/ui/typed-inputs';
import { maskDocument, type ClientFieldId, type ClientForm } from '../client-form';

export interface ClientDetailsFieldsProps {
  form: ClientForm;
  fieldId: ClientFieldId;
}

/** The client form's first block: name, status, contact, document and birth date. */
export function ClientDetailsFields({ form, fieldId }: ClientDetailsFieldsProps) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={fieldId('name')} label="Nome *" error={errors.name?.message}>
        <Input
          autoComplete="off"
          autoFocus
          placeholder="Nome completo"
          aria-required="true"
          {...form.register('name')}
        />
      </FormField>
      <FormField id={fieldId('status')} label="Status" error={errors.status?.message}>
        <Select {...form.register('status')}>
          <SelectOptions options={labelOptions(CLIENT_STATUS_LABELS)} />
        </Select>
      </FormField>
      <FormField id={fieldId('email')} label="Email" error={errors.email?.message}>
        <EmailInput autoComplete="off" placeholder="cliente@exemplo.com" {...form.register('email')} />
      </FormField>
      <FormField id={fieldId('phone')} label="Telefone" error={errors.phone?.message}>
        <PhoneInput {...form.register('phone')} />
      </FormField>
      <FormField id={fieldId('document')} label="CPF" error={errors.document?.message}>
        <Input
          inputMode="numeric"
          autoComplete="off"
          placeholder="000.000.000-00"
          maxLength={18}
          mask={maskDocument}
          {...form.register('document')}
        />
      </FormField>
      <FormField id={fieldId('birth_date')} label="Data de Nascimento" error={errors.birth_date?.message}>
        <FormDateInput control={form.control} name="birth_date" />
      </FormField>
    </div>
  );
}
