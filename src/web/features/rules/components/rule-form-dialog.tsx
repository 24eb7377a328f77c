import { useForm, type FieldPath } from 'react-hook-form';
import { programName } from '@domain/programs';
import { programsWithoutRule, RULE_TEXTS, type Rule, type RuleInput } from '@domain/rules/rule.schema';
import { CurrencyInput } from '@/components/ui/currency-input';
import { FormDialog, RecordForm, useDialogGuard, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { saveRecord, type RecordFormTexts } from '@/lib/form';
import { useCreateRule } from '../api/create-rule';
import { useUpdateRule } from '../api/update-rule';
import { maskDecimal } from '@/lib/decimal-mask';
import { RULE_FORM_FIELDS, ruleFormResolver, toRuleFormState, type RuleFormState } from '../rule-form';

export interface RuleFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The rule to edit; null creates a new one. */
  rule: Rule | null;
  /** The agency's rules: their programmes are not offered again. */
  rules: readonly Rule[];
}

const TEXTS: Record<'create' | 'update', RecordFormTexts> = {
  create: {
    title: 'Nova Regra',
    description: 'Defina a margem mínima, o RAV padrão, o CPM máximo e a meta de SLA do programa.',
    saved: RULE_TEXTS.created,
    failed: RULE_TEXTS.createError,
  },
  update: {
    title: 'Editar Regra',
    description: 'Altere os valores da regra. O programa não pode ser alterado.',
    saved: RULE_TEXTS.updated,
    failed: RULE_TEXTS.updateError,
  },
};

/** 'Nova Regra' / 'Editar Regra' (spec part 2 §5 "Program rule form"). */
export function RuleFormDialog({ rule, rules, ...dialog }: RuleFormDialogProps) {
  const texts = rule ? TEXTS.update : TEXTS.create;
  return (
    <FormDialog<Rule> {...dialog} className="sm:max-w-[560px]" title={texts.title} description={texts.description}>
      {(guard) => <RuleForm rule={rule} rules={rules} texts={texts} {...guard} />}
    </FormDialog>
  );
}

interface RuleFormProps extends FormDialogGuard<Rule> {
  rule: Rule | null;
  rules: readonly Rule[];
  texts: RecordFormTexts;
}

function RuleForm({ rule, rules, texts, onCancel, onSaved, ...guard }: RuleFormProps) {
  const create = useCreateRule();
  const update = useUpdateRule();
  const form = useForm<RuleFormState, unknown, RuleInput>({
    resolver: ruleFormResolver,
    defaultValues: toRuleFormState(rule, rules),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;
  const pending = create.isPending || update.isPending;
  useDialogGuard(guard, pending, isDirty);

  const idPrefix = rule ? `rule-${rule.id}` : 'rule-new';
  const fieldId = (name: FieldPath<RuleFormState>) => `${idPrefix}-${name.replace(/_/g, '-')}`;
  // Editing shows the rule's own programme (disabled); a new rule is offered only the free ones.
  const offered = rule ? [rule.program] : programsWithoutRule(rules);
  const onSubmit = form.handleSubmit((input) =>
    saveRecord({
      id: rule?.id ?? null,
      input,
      create,
      update,
      texts,
      setError: form.setError,
      knownFields: RULE_FORM_FIELDS,
      onSaved,
    }),
  );

  return (
    <RecordForm label={texts.title} onSubmit={onSubmit} pending={pending} editing={rule !== null} onCancel={onCancel}>
      <div className="grid grid-cols-2 gap-4">
        <FormField
          id={fieldId('program')}
          label="Programa"
          error={errors.program?.message}
          className="col-span-2"
          hint={rule ? 'O programa de uma regra não pode ser alterado.' : undefined}
        >
          {/* On edit the select only shows the programme: not registered, so the value stays the rule's own. */}
          <Select {...(rule ? { disabled: true, value: rule.program, onChange: () => {} } : form.register('program'))}>
            {offered.length === 0 && <option value="">Todos os programas já têm regra</option>}
            {offered.map((program) => (
              <option key={program} value={program}>
                {programName(program)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          id={fieldId('min_margin_cents')}
          label="Margem mínima (R$)"
          error={errors.min_margin_cents?.message}
          className="col-span-2 sm:col-span-1"
        >
          <CurrencyInput
            autoComplete="off"
            placeholder="0,00"
            mask={maskDecimal}
            {...form.register('min_margin_cents')}
          />
        </FormField>
        <FormField
          id={fieldId('min_margin_percent')}
          label="Margem mínima (%)"
          error={errors.min_margin_percent?.message}
          className="col-span-2 sm:col-span-1"
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder="10"
            mask={maskDecimal}
            {...form.register('min_margin_percent')}
          />
        </FormField>
        <FormField
          id={fieldId('default_rav_cents')}
          label="RAV padrão (R$)"
          error={errors.default_rav_cents?.message}
          className="col-span-2 sm:col-span-1"
        >
          <CurrencyInput
            autoComplete="off"
            placeholder="0,00"
            mask={maskDecimal}
            {...form.register('default_rav_cents')}
          />
        </FormField>
        <FormField
          id={fieldId('cpm_cap')}
          label="CPM máximo (opcional)"
          error={errors.cpm_cap?.message}
          hint="R$ por mil milhas; acima dele o lote recebe 'Alto CPMM'."
          className="col-span-2 sm:col-span-1"
        >
          <CurrencyInput autoComplete="off" placeholder="Sem limite" mask={maskDecimal} {...form.register('cpm_cap')} />
        </FormField>
        <FormField
          id={fieldId('sla_target_hours')}
          label="Meta de SLA (horas)"
          error={errors.sla_target_hours?.message}
          className="col-span-2 sm:col-span-1"
        >
          <Input inputMode="numeric" autoComplete="off" placeholder="24" {...form.register('sla_target_hours')} />
        </FormField>
      </div>
    </RecordForm>
  );
}
