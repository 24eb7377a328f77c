import { useState } from 'react';
import { ScaleIcon } from 'lucide-react';
import type { Rule } from '@domain/rules/rule.schema';
import { CreateButton, ListPageHeader } from '@/components/list-page-header';
import { QueryErrorState } from '@/components/query-error-state';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PAGES } from '@/config/navigation';
import { useRules } from '@/features/rules/api/get-rules';
import { DeleteRuleDialog } from '@/features/rules/components/delete-rule-dialog';
import { RuleFormDialog } from '@/features/rules/components/rule-form-dialog';
import { RulesInfo } from '@/features/rules/components/rules-info';
import { RulesTable } from '@/features/rules/components/rules-table';
import { useRole } from '@/hooks/use-role';

/**
 * /regras (spec part 2 §2 "Regras & Políticas"): one rule per programme, created, edited and deleted
 * here by an admin; an operador reads them (docs/decisions/0026-team-and-roles.md).
 */
export default function RulesRoute() {
  const rules = useRules();
  const { isAdmin } = useRole();
  const list = rules.data?.data ?? [];
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Rule | null>(null);
  const [deleting, setDeleting] = useState<Rule | null>(null);

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (rule: Rule) => {
    setEditing(rule);
    setFormOpen(true);
  };

  return (
    <div className="space-y-6">
      <ListPageHeader
        {...PAGES.rules}
        query={rules}
        createLabel="Nova Regra"
        onCreate={isAdmin ? openCreate : undefined}
      />

      <Card>
        <CardContent className="px-4 sm:px-5">
          {rules.isPending ? (
            <div className="grid gap-3" role="status" aria-busy="true" aria-label="Carregando regras">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : rules.isError ? (
            <QueryErrorState title="Erro ao carregar regras" query={rules} />
          ) : list.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="rules-empty">
              <ScaleIcon aria-hidden="true" className="size-10 text-muted-foreground" />
              <p className="font-semibold">Nenhuma regra cadastrada</p>
              <p className="max-w-md text-sm text-muted-foreground">
                Sem regra, cada programa usa os valores padrão.{' '}
                {isAdmin
                  ? 'Crie uma regra para definir a margem mínima, o RAV padrão, o CPM máximo e a meta de SLA de um programa.'
                  : 'Somente administradores podem criar e alterar regras.'}
              </p>
              {isAdmin && <CreateButton label="Nova Regra" onClick={openCreate} />}
            </div>
          ) : (
            <RulesTable
              rules={list}
              onEdit={isAdmin ? openEdit : undefined}
              onDelete={isAdmin ? setDeleting : undefined}
            />
          )}
        </CardContent>
      </Card>

      <RulesInfo />

      <RuleFormDialog open={formOpen} onOpenChange={setFormOpen} rule={editing} rules={list} />
      <DeleteRuleDialog rule={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}
