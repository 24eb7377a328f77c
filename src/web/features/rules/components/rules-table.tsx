import { PencilIcon, Trash2Icon } from 'lucide-react';
import { formatCents, formatNumber } from '@domain/format';
import { programName } from '@domain/programs';
import type { Rule } from '@domain/rules/rule.schema';
import { ProgramLabel } from '@/components/program-label';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCostPerThousand } from '@/lib/cost-format';

export interface RulesTableProps {
  rules: readonly Rule[];
  /** Both absent for an operador: rules are the admins' (docs/decisions/0026-team-and-roles.md). */
  onEdit?: (rule: Rule) => void;
  onDelete?: (rule: Rule) => void;
}

export const percentText = (text: string) => `${formatNumber(Number(text))}%`;
export const cpmCapText = (cap: string | null) => (cap === null ? '—' : formatCostPerThousand(cap));
export const slaText = (hours: number) => `${formatNumber(hours)} h`;

function RowActions({ rule, onEdit, onDelete }: { rule: Rule } & Pick<RulesTableProps, 'onEdit' | 'onDelete'>) {
  if (!onEdit || !onDelete) return null;
  const name = programName(rule.program);
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Editar regra ${name}`}
        title="Editar"
        onClick={() => onEdit(rule)}
      >
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Excluir regra ${name}`}
        title="Excluir"
        className="text-destructive hover:text-destructive"
        onClick={() => onDelete(rule)}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The rules: a table from 640 px, one card per rule on a phone. */
export function RulesTable({ rules, onEdit, onDelete }: RulesTableProps) {
  const editable = onEdit !== undefined && onDelete !== undefined;
  return (
    <>
      <div className="hidden sm:block">
        <Table aria-label="Regras por programa">
          <TableHeader>
            <TableRow>
              <TableHead>Programa</TableHead>
              <TableHead className="text-right">Margem mín. (R$)</TableHead>
              <TableHead className="text-right">Margem mín. (%)</TableHead>
              <TableHead className="text-right">RAV padrão</TableHead>
              <TableHead className="text-right">CPM máx.</TableHead>
              <TableHead className="text-right">SLA</TableHead>
              {editable && (
                <TableHead className="w-24">
                  <span className="sr-only">Ações</span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rules.map((rule) => (
              <TableRow key={rule.id} data-testid="rule-row" data-program={rule.program}>
                <TableCell className="font-medium">
                  <ProgramLabel program={rule.program} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatCents(rule.min_margin_cents)}</TableCell>
                <TableCell className="text-right tabular-nums">{percentText(rule.min_margin_percent)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCents(rule.default_rav_cents)}</TableCell>
                <TableCell className="text-right tabular-nums">{cpmCapText(rule.cpm_cap)}</TableCell>
                <TableCell className="text-right tabular-nums">{slaText(rule.sla_target_hours)}</TableCell>
                {editable && (
                  <TableCell>
                    <RowActions rule={rule} onEdit={onEdit} onDelete={onDelete} />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 sm:hidden" aria-label="Regras por programa">
        {rules.map((rule) => (
          <li
            key={rule.id}
            className="rounded-lg border bg-card p-4"
            data-testid="rule-card"
            data-program={rule.program}
          >
            <div className="flex items-center justify-between gap-2">
              <ProgramLabel program={rule.program} className="font-medium" />
              <RowActions rule={rule} onEdit={onEdit} onDelete={onDelete} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <Item label="Margem mín. (R$)" value={formatCents(rule.min_margin_cents)} />
              <Item label="Margem mín. (%)" value={percentText(rule.min_margin_percent)} />
              <Item label="RAV padrão" value={formatCents(rule.default_rav_cents)} />
              <Item label="CPM máx." value={cpmCapText(rule.cpm_cap)} />
              <Item label="SLA" value={slaText(rule.sla_target_hours)} />
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
