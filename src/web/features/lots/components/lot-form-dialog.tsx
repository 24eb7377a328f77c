import { useEffect, useState } from 'react';
import { Loader2Icon } from 'lucide-react';
import type { z } from 'zod';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { formatCents, todayIso } from '@domain/format';
import { LOT_MESSAGES, lotInputSchema, type LotInput } from '@domain/lots/lot.schema';
import { PROGRAM_LIST } from '@domain/programs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import { FormDateInput } from '@/components/ui/date-input';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { saveRecord, withMask, type SaveTexts } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useCreateLot } from '../api/create-lot';
import { useProgramAccounts } from '../api/get-accounts';
import { useUpdateLot } from '../api/update-lot';
import { formatCostPerThousand } from '../lot-display';
import { daysBadgeText, lotFormResolver, lotFormSummary, maskCost, maskQuantity, toLotFormState, type LotFormState } from '../lot-form';
import type { LoyaltyAccountOption, Lot } from '../types';

// Keeps the resolver cast below honest: this fails to compile unless every form value is one
// the schema accepts.
type Assignable<T extends U, U> = T;
type _FormFitsSchema = Assignable<LotFormState, z.input<typeof lotInputSchema>>;

/** The account select's value for "Nova conta". */
const NEW_ACCOUNT = '__new__';

const FIELDS = [
  'program',
  'account_id',
  'account_number',
  'original_quantity',
  'cost_per_mile',
  'purchase_date',
  'expiry_date',
  'supplier',
  'notes',
] as const satisfies readonly FieldPath<LotFormState>[];

export interface LotFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The lot to edit; null creates a new one. */
  lot: Lot | null;
  /** The agency's expiry alert window: the days badge turns red within it. */
  warningDays: number;
  onSaved?: (lot: Lot) => void;
}

const LOT_SAVE_TEXTS: SaveTexts = {
  created: { title: 'Lote criado', description: 'Lote de milhas criado com sucesso!' },
  updated: { title: 'Lote atualizado', description: 'Lote atualizado com sucesso!' },
  createFailed: 'Erro ao criar lote',
  updateFailed: 'Erro ao atualizar lote',
};

/** 'Novo Lote de Milhas' / 'Editar Lote' (spec part 1 §2 and §5, part 2 §5 "Legacy lot form"). */
export function LotFormDialog({ open, onOpenChange, lot, warningDays, onSaved }: LotFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-[600px]"
      title={lot ? 'Editar Lote' : 'Novo Lote de Milhas'}
      description={lot ? 'Altere os dados do lote abaixo.' : 'Registre a compra de milhas com o custo e o vencimento.'}
      onSaved={onSaved}
    >
      {(guard) => <LotForm lot={lot} warningDays={warningDays} {...guard} />}
    </FormDialog>
  );
}

interface LotFormProps extends FormDialogGuard<Lot> {
  lot: Lot | null;
  warningDays: number;
}

function accountOptionLabel(account: Pick<LoyaltyAccountOption, 'account_number' | 'nickname' | 'client_name'>): string {
  const owner = account.client_name ?? 'Agência';
  return `${account.account_number}${account.nickname ? ` · ${account.nickname}` : ''} — ${owner}`;
}

function LotForm({ lot, warningDays, onBusyChange, onDirtyChange, onCancel, onSaved }: LotFormProps) {
  const [today] = useState(todayIso);
  const create = useCreateLot();
  const update = useUpdateLot();
  const [resolver] = useState(() => lotFormResolver(lot, today));
  const form = useForm<LotFormState, unknown, LotInput>({
    resolver,
    defaultValues: toLotFormState(lot, today),
    // Messages appear on submit, then follow the typing. Validating on blur would move the
    // buttons under the pointer as a message appears, and the click on 'Criar' would be lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;
  const pending = create.isPending || update.isPending;
  const idPrefix = lot ? `lot-${lot.id}` : 'lot-new';
  const fieldId = (name: FieldPath<LotFormState>) => `${idPrefix}-${name.replace(/_/g, '-')}`;

  useEffect(() => onBusyChange(pending), [pending, onBusyChange]);
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const [program, accountId, quantity, cost, expiry] = useWatch({
    control: form.control,
    name: ['program', 'account_id', 'original_quantity', 'cost_per_mile', 'expiry_date'],
  });
  const summary = lotFormSummary({ original_quantity: quantity, cost_per_mile: cost, expiry_date: expiry }, today);

  // Miles already spent stay tied to their account (DESIGN.md §2: emissions draw only from their own account's lots).
  const accountLocked = lot !== null && lot.used_quantity > 0;

  const accounts = useProgramAccounts(program);
  const options: LoyaltyAccountOption[] = [...(accounts.data ?? [])];
  // The lot's own account is offered even before (or without) the list, so editing shows it at once.
  if (lot && lot.program === program && !options.some((a) => a.id === lot.account_id)) {
    options.unshift({
      id: lot.account_id,
      program: lot.program,
      account_number: lot.account_number ?? '—',
      nickname: lot.account_nickname,
      client_id: lot.client_id,
      client_name: lot.client_name,
    });
  }
  const [newAccountChosen, setNewAccountChosen] = useState(false);
  const loadingAccounts = accounts.isPending && options.length === 0;
  // A program without accounts (or a list that failed to load) offers only a new one.
  const newAccount = !accountLocked && (newAccountChosen || (!loadingAccounts && options.length === 0));
  const accountValue = newAccount ? NEW_ACCOUNT : (accountId ?? '');

  const chooseAccount = (value: string) => {
    form.clearErrors(['account_id', 'account_number']);
    if (value === NEW_ACCOUNT) {
      setNewAccountChosen(true);
      form.setValue('account_id', null, { shouldDirty: true });
    } else {
      setNewAccountChosen(false);
      form.setValue('account_id', value || null, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      form.setValue('account_number', '', { shouldDirty: true });
    }
  };

  const programField = form.register('program', {
    onChange: () => {
      // Accounts belong to one program: the chosen one no longer applies.
      form.setValue('account_id', null, { shouldDirty: true });
      form.clearErrors(['account_id', 'account_number']);
      setNewAccountChosen(false);
    },
  });

  const onSubmit = form.handleSubmit((input) =>
    saveRecord({
      id: lot?.id ?? null,
      // Only one of the two reaches the API: the chosen account, or the number of a new one.
      input: (newAccount ? { ...input, account_id: null } : { ...input, account_number: null }) satisfies LotInput,
      create,
      update,
      texts: LOT_SAVE_TEXTS,
      setError: form.setError,
      knownFields: FIELDS,
      onSaved,
    }),
  );

  // With the picker showing, "número da conta" would point at a field that is not there.
  const pickerError =
    errors.account_number?.message === LOT_MESSAGES.accountNumberRequired ? 'Selecione a conta ou “+ Nova conta”.' : errors.account_number?.message;
  const accountError = errors.account_id?.message ?? (newAccount ? undefined : pickerError);
  const daysUrgent = summary.days_to_expiry !== null && summary.days_to_expiry <= warningDays;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={lot ? 'Editar Lote' : 'Novo Lote de Milhas'} className="grid gap-5">
      <div className="grid grid-cols-2 gap-4">
        <FormField
          className="col-span-2 sm:col-span-1"
          id={fieldId('program')}
          label="Programa"
          error={errors.program?.message}
          hint={accountLocked ? 'Lote já usado em emissões: programa e conta não mudam.' : undefined}
        >
          <Select disabled={accountLocked} {...programField}>
            {PROGRAM_LIST.map((p) => (
              <option key={p.key} value={p.key}>
                {p.name}
              </option>
            ))}
          </Select>
        </FormField>

        <FormField
          className="col-span-2 sm:col-span-1"
          id={fieldId('account_id')}
          label="Conta"
          error={accountError}
          hint={accounts.isError ? 'Não foi possível carregar as contas; informe o número de uma nova conta.' : undefined}
        >
          <Select
            value={loadingAccounts ? '' : accountValue}
            disabled={accountLocked || loadingAccounts}
            onChange={(event) => chooseAccount(event.target.value)}
          >
            {loadingAccounts ? (
              <option value="">Carregando contas...</option>
            ) : (
              <>
                {!newAccount && options.length > 0 && accountValue === '' && <option value="">Selecione a conta</option>}
                {options.map((account) => (
                  <option key={account.id} value={account.id}>
                    {accountOptionLabel(account)}
                  </option>
                ))}
                <option value={NEW_ACCOUNT}>+ Nova conta</option>
              </>
            )}
          </Select>
        </FormField>

        {newAccount && (
          <FormField
            id={fieldId('account_number')}
            label="Número da conta"
            error={errors.account_number?.message}
            hint="Uma conta da agência será criada neste programa."
            className="col-span-2"
          >
            <Input autoComplete="off" maxLength={60} placeholder="Ex.: 123456789" {...form.register('account_number')} />
          </FormField>
        )}

        <FormField
          id={fieldId('original_quantity')}
          label="Quantidade de milhas"
          error={errors.original_quantity?.message}
          className="col-span-2 sm:col-span-1"
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="Ex.: 100000"
            maxLength={10}
            className="tabular-nums"
            {...withMask(form.register('original_quantity'), maskQuantity)}
          />
        </FormField>

        <FormField
          id={fieldId('cost_per_mile')}
          label="Custo por milha (R$)"
          error={errors.cost_per_mile?.message}
          className="col-span-2 sm:col-span-1"
        >
          <CurrencyInput autoComplete="off" placeholder="0,0155" maxLength={12} {...withMask(form.register('cost_per_mile'), maskCost)} />
        </FormField>

        <FormField id={fieldId('purchase_date')} label="Data de compra" error={errors.purchase_date?.message}>
          <FormDateInput control={form.control} name="purchase_date" />
        </FormField>

        <FormField id={fieldId('expiry_date')} label="Data de vencimento" error={errors.expiry_date?.message}>
          <FormDateInput control={form.control} name="expiry_date" />
        </FormField>

        <FormField id={fieldId('supplier')} label="Fornecedor" error={errors.supplier?.message} className="col-span-2">
          <Input autoComplete="off" maxLength={200} placeholder="De quem as milhas foram compradas" {...form.register('supplier')} />
        </FormField>

        <FormField id={fieldId('notes')} label="Observações" error={errors.notes?.message} className="col-span-2">
          <Textarea rows={3} maxLength={2000} placeholder="Condições da compra, forma de pagamento..." {...form.register('notes')} />
        </FormField>
      </div>

      <section aria-label="Resumo do lote" className="grid grid-cols-2 gap-3 rounded-lg border bg-muted/40 p-4">
        <div className="space-y-0.5">
          <p className="text-xs font-medium text-muted-foreground">Custo total</p>
          <p className="text-lg font-semibold tabular-nums" data-testid="lot-total-cost">
            {summary.total_cost_cents === null ? '—' : formatCents(summary.total_cost_cents)}
          </p>
          <p className="text-xs text-muted-foreground">
            {summary.cost_per_thousand === null ? 'Informe quantidade e custo' : `${formatCostPerThousand(summary.cost_per_thousand)} por milheiro`}
          </p>
        </div>
        <div className="space-y-1 text-right">
          <p className="text-xs font-medium text-muted-foreground">Dias até o vencimento</p>
          <Badge
            data-testid="lot-days-to-expiry"
            variant={summary.days_to_expiry === null ? 'outline' : daysUrgent ? 'destructive' : 'secondary'}
            className="text-sm"
          >
            {daysBadgeText(summary.days_to_expiry)}
          </Badge>
        </div>
      </section>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending} className={cn(pending && 'cursor-wait')}>
          {pending && <Loader2Icon aria-hidden="true" className="animate-spin" />}
          {pending ? 'Salvando...' : lot ? 'Atualizar' : 'Criar'}
        </Button>
      </DialogFooter>
    </form>
  );
}
