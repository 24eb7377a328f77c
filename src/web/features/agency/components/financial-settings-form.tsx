import { zodResolver } from '@hookform/resolvers/zod';
import { SaveIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { settingsSchema, type LotAllocationPolicy, type Settings } from '@domain/agency/agency.schema';
import { MAX_CARD_INSTALMENTS } from '@domain/quotes/payment';
import { FormCard, FormCardQuery } from '@/components/form-card';
import { FormField } from '@/components/ui/form-field';
import { FormNumberInput } from '@/components/ui/number-input';
import { labelOptions, Select, SelectOptions } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { saveInPlace } from '@/lib/form';
import { useAgencySettings } from '../api/get-settings';
import { useUpdateAgencySettings } from '../api/update-settings';
import { ADMIN_ONLY_NOTE } from '@domain/auth/roles';
import { useRole } from '@/hooks/use-role';

export const LOT_ALLOCATION_POLICY_LABELS: Record<LotAllocationPolicy, string> = {
  cheapest: 'Mais barato primeiro',
  expiring_first: 'Vencimento mais próximo primeiro',
};

const INSTALMENTS = Array.from({ length: MAX_CARD_INSTALMENTS }, (_, i) => i);

const FIELDS = [
  'default_markup_percent',
  'expiry_alert_days',
  'currency',
  'lot_allocation_policy',
  'card_interest_percent',
  ...INSTALMENTS.map((i) => `card_interest_percent.${i}`),
];

const SAVE_TEXTS = { saved: 'Configurações salvas', failed: 'Erro ao salvar configurações' };

export function FinancialSettingsForm() {
  const settings = useAgencySettings();
  return (
    <FormCardQuery query={settings} fields={4} errorTitle="Erro ao carregar configurações">
      {(loaded) => <FinancialSettingsFormLoaded settings={loaded} />}
    </FormCardQuery>
  );
}

function FinancialSettingsFormLoaded({ settings }: { settings: Settings }) {
  const update = useUpdateAgencySettings();
  const { isAdmin } = useRole();
  const form = useForm<Settings>({
    resolver: zodResolver(settingsSchema),
    defaultValues: settings,
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, saveInPlace(form, SAVE_TEXTS, { toValues: (saved) => saved, knownFields: FIELDS })),
  );

  return (
    <FormCard
      label="Configurações financeiras"
      title="Configurações Financeiras"
      description="Valores padrão usados na precificação, nos alertas e na escolha de lotes."
      onSubmit={onSubmit}
      readOnlyNote={isAdmin ? undefined : ADMIN_ONLY_NOTE}
      contentClassName="grid gap-5 md:grid-cols-2"
      footer={
        <SubmitButton pending={update.isPending} icon={SaveIcon}>
          Salvar configurações
        </SubmitButton>
      }
    >
      <FormField
        id="settings-default-markup"
        label="Markup padrão (%)"
        hint="Aplicado sobre o custo no simulador de preços."
        error={errors.default_markup_percent?.message}
      >
        <FormNumberInput control={form.control} name="default_markup_percent" />
      </FormField>
      <FormField
        id="settings-expiry-alert-days"
        label="Dias de alerta antes do vencimento"
        hint="Lotes que vencem dentro deste prazo geram alerta."
        error={errors.expiry_alert_days?.message}
      >
        <FormNumberInput control={form.control} name="expiry_alert_days" integer />
      </FormField>
      <FormField id="settings-currency" label="Moeda" hint="Todas as operações são registradas em reais.">
        <Select defaultValue="BRL" disabled>
          <option value="BRL">BRL (R$)</option>
        </Select>
      </FormField>
      <FormField
        id="settings-lot-allocation-policy"
        label="Política de alocação de lotes"
        hint="Ordem sugerida para consumir os lotes de uma emissão."
        error={errors.lot_allocation_policy?.message}
      >
        <Select {...form.register('lot_allocation_policy')}>
          <SelectOptions options={labelOptions(LOT_ALLOCATION_POLICY_LABELS)} />
        </Select>
      </FormField>
      <fieldset className="grid gap-3 md:col-span-2" aria-describedby="settings-card-interest-hint">
        <legend className="mb-2 text-sm leading-none font-medium">Juros do cartão por número de parcelas (%)</legend>
        <p id="settings-card-interest-hint" className="text-[0.8rem] leading-snug text-muted-foreground">
          Acréscimo sobre o preço em cada parcelamento, mostrado nas cotações (0 = sem juros). O PIX é sempre à vista.
        </p>
        {errors.card_interest_percent?.message && (
          <p role="alert" className="text-[0.8rem] leading-snug font-medium text-destructive">
            {errors.card_interest_percent.message}
          </p>
        )}
        <div className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {INSTALMENTS.map((i) => (
            <FormField
              key={i}
              id={`settings-card-interest-${i + 1}`}
              label={`${i + 1}×`}
              error={errors.card_interest_percent?.[i]?.message}
            >
              <FormNumberInput control={form.control} name={`card_interest_percent.${i}`} />
            </FormField>
          ))}
        </div>
      </fieldset>
    </FormCard>
  );
}
