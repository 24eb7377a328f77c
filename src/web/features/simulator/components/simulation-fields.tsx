import type { UseFormReturn } from 'react-hook-form';
import type { AccountLot, AccountOption } from '@domain/accounts/account.schema';
import { formatDate, formatNumber } from '@domain/format';
import { AIRLINE_PROGRAM_LIST, programName, type ProgramKey } from '@domain/programs';
import { COST_SOURCE_LABELS } from '@domain/simulator/simulator.rules';
import { MARKUP_MAX_PERCENT, RAV_MODE_LABELS, RAV_MODES, SIMULATOR_DEFAULTS } from '@domain/simulator/simulator.schema';
import { CurrencyInput } from '@/components/ui/currency-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { MilesInput } from '@/components/ui/typed-inputs';
import { formatCostPerThousand } from '@/lib/cost-format';
import { maskDecimal } from '@/lib/decimal-mask';
import { cn } from '@/lib/utils';
import type { ProgramStock, SimulatorValues } from '../simulator-model';

export interface SimulationFieldsProps {
  form: UseFormReturn<SimulatorValues>;
  errors: Record<string, string>;
  stock: ReadonlyMap<ProgramKey, ProgramStock> | undefined;
  accounts: { data: AccountOption[] | undefined; isPending: boolean; isError: boolean };
  lots: { data: AccountLot[]; isPending: boolean };
  onProgramChange: (program: ProgramKey) => void;
  onAccountChange: (accountId: string) => void;
}

/** Digits and one decimal comma or point, as a percent is typed. */
const maskPercent = (typed: string) => maskDecimal(typed).slice(0, 7);
const maskMoney = (typed: string) => typed.replace(/[^\d.,]/g, '').slice(0, 16);

function programOption(program: ProgramKey, stock: ProgramStock | undefined): string {
  const miles = stock?.available_miles ?? 0;
  return miles > 0
    ? `${programName(program)} — ${formatNumber(miles)} milhas`
    : `${programName(program)} — sem estoque`;
}

function accountOption(account: AccountOption): string {
  const owner = account.client_name ?? 'Conta da agência';
  return `${account.account_number}${account.nickname ? ` (${account.nickname})` : ''} · ${owner}`;
}

function lotOption(lot: AccountLot): string {
  return [
    `${formatCostPerThousand(lot.cost_per_thousand)}/mil`,
    `${formatNumber(lot.remaining_quantity)} milhas`,
    lot.expiry_date ? `vence ${formatDate(lot.expiry_date)}` : 'sem vencimento',
    lot.supplier,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Spec part 2 §2 "/simulador": programme, lot, miles needed, boarding fees, RAV mode, markup % and RAV. */
export function SimulationFields({
  form,
  errors,
  stock,
  accounts,
  lots,
  onProgramChange,
  onAccountChange,
}: SimulationFieldsProps) {
  const { register } = form;
  const accountId = form.watch('account_id');
  const program = form.watch('program');
  const accountOptions = accounts.data ?? [];
  const average = stock?.get(program)?.average_cost_per_thousand ?? null;
  const noLotText = average
    ? `Sem lote: ${COST_SOURCE_LABELS.average.toLowerCase()} do programa, ${formatCostPerThousand(average)}/mil`
    : `Sem lote: ${COST_SOURCE_LABELS.fallback}, ${formatCostPerThousand(SIMULATOR_DEFAULTS.fallback_cost_per_thousand)}/mil`;

  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <FormField id="simulator-program" label="Programa" error={errors.program} className="sm:col-span-2">
        <Select {...register('program')} onChange={(event) => onProgramChange(event.target.value as ProgramKey)}>
          {AIRLINE_PROGRAM_LIST.map((p) => (
            <option key={p.key} value={p.key}>
              {programOption(p.key, stock?.get(p.key))}
            </option>
          ))}
        </Select>
      </FormField>

      <FormField
        id="simulator-account"
        label="Conta (opcional)"
        className="sm:col-span-2"
        error={errors.account_id}
        hint={
          accounts.isError
            ? 'Não foi possível carregar as contas.'
            : !accounts.isPending && accountOptions.length === 0
              ? 'Nenhuma conta deste programa.'
              : 'Escolha a conta para ver os lotes dela.'
        }
      >
        <Select
          value={accounts.isPending ? '' : accountId}
          disabled={accounts.isPending || accountOptions.length === 0}
          onChange={(event) => onAccountChange(event.target.value)}
        >
          <option value="">{accounts.isPending ? 'Carregando contas...' : 'Todas as contas'}</option>
          {accountOptions.map((account) => (
            <option key={account.id} value={account.id}>
              {accountOption(account)}
            </option>
          ))}
        </Select>
      </FormField>

      <FormField
        id="simulator-lot"
        label="Lote"
        className="sm:col-span-2"
        error={errors.lot_id}
        hint={
          accountId === ''
            ? 'Sem conta, o custo é o médio do estoque do programa.'
            : !lots.isPending && lots.data.length === 0
              ? 'Esta conta não tem lotes disponíveis.'
              : 'O CPM do lote escolhido entra no custo das milhas.'
        }
      >
        <Select {...register('lot_id')} disabled={accountId === '' || lots.isPending}>
          <option value="">{accountId !== '' && lots.isPending ? 'Carregando lotes...' : noLotText}</option>
          {lots.data.map((lot) => (
            <option key={lot.id} value={lot.id}>
              {lotOption(lot)}
            </option>
          ))}
        </Select>
      </FormField>

      <FormField id="simulator-miles" label="Milhas necessárias" error={errors.miles}>
        <MilesInput placeholder="Ex.: 50000" {...register('miles')} />
      </FormField>

      <FormField id="simulator-fees" label="Taxas de embarque (R$)" error={errors.fees_cents}>
        <CurrencyInput autoComplete="off" placeholder="0,00" mask={maskMoney} {...register('fees_cents')} />
      </FormField>

      <fieldset className="grid gap-2 sm:col-span-2">
        <legend className="mb-2 text-sm leading-none font-medium">Modo da RAV</legend>
        <div className="grid grid-cols-2 gap-2" data-testid="simulator-rav-mode">
          {RAV_MODES.map((mode) => (
            <label
              key={mode}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs transition-colors',
                'has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:checked]:font-medium',
                'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40',
              )}
            >
              <input type="radio" value={mode} className="accent-primary" {...register('rav_mode')} />
              RAV {RAV_MODE_LABELS[mode].toLowerCase()}
            </label>
          ))}
        </div>
      </fieldset>

      <FormField
        id="simulator-markup"
        label="Markup (%)"
        error={errors.markup_percent}
        hint={`De 0 a ${formatNumber(MARKUP_MAX_PERCENT)}%.`}
      >
        <Input inputMode="decimal" autoComplete="off" mask={maskPercent} {...register('markup_percent')} />
      </FormField>

      <FormField id="simulator-rav" label="RAV (R$)" error={errors.rav_cents} hint="Padrão da regra do programa.">
        <CurrencyInput autoComplete="off" placeholder="0,00" mask={maskMoney} {...register('rav_cents')} />
      </FormField>
    </div>
  );
}
