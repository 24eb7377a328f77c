import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon, SaveIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { settingsInputSchema, type LotAllocationPolicy, type Settings } from '@domain/agency/agency.schema';
import { parseDecimalInput } from '@domain/money';
import { FormCardSkeleton } from '@/components/form-card-skeleton';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { SUCCESS_MESSAGES } from '@/config/messages';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { useAgencySettings } from '../api/get-settings';
import { useUpdateAgencySettings } from '../api/update-settings';

export const LOT_ALLOCATION_POLICY_LABELS: Record<LotAllocationPolicy, string> = {
  cheapest: 'Mais barato primeiro',
  expiring_first: 'Vencimento mais próximo primeiro',
};

const FIELDS = ['default_markup_percent', 'expiry_alert_days', 'currency', 'lot_allocation_policy'] as const;

/** "15,5" or "15.5" → 15.5; anything unreadable → NaN, which the schema reports. */
function parseNumberField(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
  const normalized = parseDecimalInput(value, 6);
  return normalized === null ? Number.NaN : Number(normalized);
}

export function FinancialSettingsForm() {
  const settings = useAgencySettings();
  if (settings.isPending) return <FormCardSkeleton fields={4} />;
  if (settings.isError) {
    return (
      <QueryErrorState
        title="Erro ao carregar configurações"
        error={settings.error}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  return <FinancialSettingsFormLoaded settings={settings.data} />;
}

function FinancialSettingsFormLoaded({ settings }: { settings: Settings }) {
  const update = useUpdateAgencySettings();
  const form = useForm<Settings>({
    resolver: zodResolver(settingsInputSchema),
    defaultValues: settings,
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast.success('Configurações salvas', { description: SUCCESS_MESSAGES.updated });
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, FIELDS);
        toastError('Erro ao salvar configurações', error);
      },
    });
  });

  return (
    <Card>
      <form
        onSubmit={submitHandler(onSubmit)}
        noValidate
        aria-label="Configurações financeiras"
        className="flex flex-col gap-5"
      >
        <CardHeader>
          <CardTitle>Configurações Financeiras</CardTitle>
          <CardDescription>Valores padrão usados na precificação, nos alertas e na escolha de lotes.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-2">
          <FormField
            id="settings-default-markup"
            label="Markup padrão (%)"
            hint="Aplicado sobre o custo no simulador de preços."
            error={errors.default_markup_percent?.message}
          >
            <Input inputMode="decimal" {...form.register('default_markup_percent', { setValueAs: parseNumberField })} />
          </FormField>
          <FormField
            id="settings-expiry-alert-days"
            label="Dias de alerta antes do vencimento"
            hint="Lotes que vencem dentro deste prazo geram alerta."
            error={errors.expiry_alert_days?.message}
          >
            <Input inputMode="numeric" {...form.register('expiry_alert_days', { setValueAs: parseNumberField })} />
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
              {Object.entries(LOT_ALLOCATION_POLICY_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </FormField>
        </CardContent>
        <CardFooter className="justify-end border-t pt-5">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? (
              <Loader2Icon aria-hidden="true" className="animate-spin" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            Salvar configurações
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
