import type { UseFormReturn } from 'react-hook-form';
import { QUOTE_MAX_PASSENGERS, QUOTE_NOTES_MAX_LENGTH, QUOTE_VALIDITY_CHOICES } from '@domain/quotes/quote.schema';
import { FormDateInput } from '@/components/ui/form-date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { SimulatorValues } from '../simulator-model';

export interface QuoteFieldsProps {
  form: UseFormReturn<SimulatorValues>;
  errors: Record<string, string>;
}

const validityLabel = (hours: number) => (hours % 24 === 0 && hours > 48 ? `${hours / 24} dias` : `${hours} horas`);

/** What a saved quote adds to the simulation: the trip, who flies, how long the price holds. */
export function QuoteFields({ form, errors }: QuoteFieldsProps) {
  const { register } = form;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <FormField
        id="quote-route"
        label="Rota"
        error={errors.route}
        hint="Códigos de aeroporto, ex.: NAT-GRU-NAT"
        className="sm:col-span-2"
      >
        <Input
          autoComplete="off"
          placeholder="NAT-GRU"
          maxLength={60}
          className="font-mono uppercase"
          {...register('route')}
        />
      </FormField>
      <FormField id="quote-departure" label="Data de ida" error={errors.departure_date}>
        <FormDateInput control={form.control} name="departure_date" />
      </FormField>
      <FormField id="quote-return" label="Data de volta (opcional)" error={errors.return_date}>
        <FormDateInput control={form.control} name="return_date" />
      </FormField>
      <FormField
        id="quote-passengers"
        label="Passageiros (opcional)"
        error={errors.passengers}
        hint={`Um nome por linha, até ${QUOTE_MAX_PASSENGERS}.`}
      >
        <Textarea rows={3} autoComplete="off" className="min-h-[4.5rem]" {...register('passengers')} />
      </FormField>
      <FormField
        id="quote-validity"
        label="Validade"
        error={errors.validity_hours}
        hint="A cotação expira depois disso."
      >
        <Select {...register('validity_hours')}>
          {QUOTE_VALIDITY_CHOICES.map((hours) => (
            <option key={hours} value={String(hours)}>
              {validityLabel(hours)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="quote-notes" label="Observações (opcional)" error={errors.notes} className="sm:col-span-2">
        <Textarea
          rows={2}
          maxLength={QUOTE_NOTES_MAX_LENGTH}
          placeholder="Bagagem, horários, condições da tarifa..."
          {...register('notes')}
        />
      </FormField>
    </div>
  );
}
