import { useState } from 'react';
import { UserCheckIcon, UserXIcon, UsersIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, USER_ROLES, type UserRole } from '@domain/auth/roles';
import { formatPhone } from '@domain/documents';
import { formatDateTime } from '@domain/format';
import type { TeamUser } from '@domain/team/team.schema';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select, SelectOptions, labelOptions } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TruncatedText } from '@/components/ui/truncated-text';
import { authKeys } from '@/lib/query-keys';
import { toast, toastError } from '@/lib/toast';
import { useChangeUserRole } from '../api/change-user-role';
import { useTeamUsers } from '../api/get-team-users';
import { useSetUserActive } from '../api/set-user-active';
import { UserStatusBadge } from './team-badges';

const ROLE_OPTIONS = labelOptions(ROLE_LABELS);

/** What each role may do, as the confirmations explain it. */
const ROLE_SCOPE: Record<UserRole, string> = {
  admin: 'poderá alterar os dados e as configurações financeiras da agência, as regras, os webhooks e a equipe',
  operador:
    'continuará trabalhando com clientes, lotes, emissões, lançamentos e importações, mas não poderá alterar os dados da agência, as configurações financeiras, as regras, os webhooks nem a equipe',
};

type Confirming =
  { kind: 'role'; user: TeamUser; role: UserRole } | { kind: 'deactivate' | 'reactivate'; user: TeamUser } | null;

/** The agency's users: role (changed in place, after a confirmation), last sign-in, status, (de)activation. */
export function TeamUsersCard() {
  const users = useTeamUsers();
  const changeRole = useChangeUserRole();
  const setActive = useSetUserActive();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const busy = changeRole.isPending || setActive.isPending;
  const close = () => setConfirming(null);

  const confirm = () => {
    if (!confirming) return;
    const { user } = confirming;
    if (confirming.kind === 'role') {
      const role = confirming.role;
      changeRole.mutate(
        { id: user.id, role },
        {
          onSuccess: () => {
            close();
            toast.success('Papel alterado', { description: `${user.name} agora é ${ROLE_LABELS[role]}.` });
            // Your own role changed: the menus and tabs follow it.
            if (user.me) void queryClient.invalidateQueries({ queryKey: authKeys.me() });
          },
          onError: (error) => {
            close();
            toastError('Não foi possível alterar o papel', error);
          },
        },
      );
      return;
    }
    const active = confirming.kind === 'reactivate';
    setActive.mutate(
      { id: user.id, active },
      {
        onSuccess: () => {
          close();
          toast.success(active ? 'Usuário reativado' : 'Usuário desativado', {
            description: active
              ? `${user.name} pode entrar novamente com a senha dele.`
              : `${user.name} foi desconectado de todos os dispositivos.`,
          });
          if (user.me && !active) void queryClient.invalidateQueries({ queryKey: authKeys.me() });
        },
        onError: (error) => {
          close();
          toastError(active ? 'Não foi possível reativar' : 'Não foi possível desativar', error);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Usuários</CardTitle>
        <CardDescription>
          Quem usa o Milheiro na agência. Administradores fazem tudo; operadores cuidam do dia a dia (clientes, lotes,
          emissões, lançamentos e importações).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {users.isPending ? (
          <div className="space-y-3" role="status" aria-busy="true" aria-label="Carregando usuários">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : users.isError ? (
          <QueryErrorState title="Erro ao carregar usuários" query={users} />
        ) : users.data.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border px-6 py-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <UsersIcon aria-hidden="true" className="size-6" />
            </span>
            <p className="font-semibold">Nenhum usuário</p>
            <p className="text-sm text-muted-foreground">Convide a equipe da agência pelo botão “Convidar”.</p>
          </div>
        ) : (
          <div className="rounded-lg border">
            <div
              aria-hidden="true"
              className="hidden gap-4 border-b bg-muted/40 px-4 py-2 text-xs font-medium text-muted-foreground md:grid md:grid-cols-[minmax(0,1fr)_10rem_9rem_6.5rem_7.5rem]"
            >
              <span>Usuário</span>
              <span>Papel</span>
              <span>Último acesso</span>
              <span>Status</span>
              <span className="text-right">Ações</span>
            </div>
            <ul aria-label="Usuários da equipe" className="divide-y">
              {users.data.data.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  busy={busy}
                  onRole={(role) => setConfirming({ kind: 'role', user, role })}
                  onActive={(active) => setConfirming({ kind: active ? 'reactivate' : 'deactivate', user })}
                />
              ))}
            </ul>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && close()}
        busy={busy}
        title={confirmTitle(confirming)}
        description={confirmDescription(confirming)}
        confirmLabel={
          confirming?.kind === 'deactivate'
            ? 'Desativar'
            : confirming?.kind === 'reactivate'
              ? 'Reativar'
              : 'Alterar papel'
        }
        confirmVariant={confirming?.kind === 'deactivate' ? 'destructive' : 'default'}
        onConfirm={confirm}
      />
    </Card>
  );
}

function confirmTitle(confirming: Confirming) {
  if (!confirming) return '';
  if (confirming.kind === 'role') return `Tornar ${confirming.user.name} ${ROLE_LABELS[confirming.role]}?`;
  return confirming.kind === 'deactivate' ? `Desativar ${confirming.user.name}?` : `Reativar ${confirming.user.name}?`;
}

function confirmDescription(confirming: Confirming) {
  if (!confirming) return '';
  const { user } = confirming;
  if (confirming.kind === 'role') {
    const self = user.me && confirming.role === 'operador' ? ' Você mesmo perderá o acesso a esta tela.' : '';
    return `Como ${ROLE_LABELS[confirming.role]}, ${user.name} ${ROLE_SCOPE[confirming.role]}.${self}`;
  }
  if (confirming.kind === 'deactivate') {
    return `${user.name} será desconectado de todos os dispositivos agora e não conseguirá mais entrar. O histórico (clientes, emissões, lançamentos e atividades) continua registrado em nome dele. Você pode reativá-lo depois.${user.me ? ' Como é você, sua sessão também termina.' : ''}`;
  }
  return `${user.name} poderá entrar de novo com a senha que já tinha, como ${ROLE_LABELS[user.role]}.`;
}

interface UserRowProps {
  user: TeamUser;
  busy: boolean;
  onRole: (role: UserRole) => void;
  onActive: (active: boolean) => void;
}

function UserRow({ user, busy, onRole, onActive }: UserRowProps) {
  const active = user.status === 'active';
  const roleId = `team-user-role-${user.id}`;
  return (
    <li
      className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_10rem_9rem_6.5rem_7.5rem] md:items-center md:gap-4"
      data-testid="team-user-row"
    >
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">
          {user.name}
          {user.me && <span className="font-normal text-muted-foreground"> (você)</span>}
        </p>
        {user.email && <TruncatedText className="block text-xs text-muted-foreground" text={user.email} />}
        {user.phone && <p className="truncate text-xs text-muted-foreground">{formatPhone(user.phone)}</p>}
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={roleId} className="w-24 shrink-0 text-xs text-muted-foreground md:sr-only">
          Papel
        </label>
        <Select
          id={roleId}
          aria-label={`Papel de ${user.name}`}
          value={user.role}
          disabled={busy || !active}
          onChange={(event) => {
            const role = event.target.value as UserRole;
            if (USER_ROLES.includes(role) && role !== user.role) onRole(role);
          }}
        >
          <SelectOptions options={ROLE_OPTIONS} />
        </Select>
      </div>
      <p className="flex items-center gap-2 text-sm">
        <span className="w-24 shrink-0 text-xs text-muted-foreground md:hidden">Último acesso</span>
        <span className={user.last_sign_in_at ? 'tabular-nums' : 'text-muted-foreground'}>
          {user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Nunca entrou'}
        </span>
      </p>
      <p className="flex items-center gap-2">
        <span className="w-24 shrink-0 text-xs text-muted-foreground md:hidden">Status</span>
        <UserStatusBadge status={user.status} />
      </p>
      <div className="flex md:justify-end">
        {active ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            disabled={busy}
            onClick={() => onActive(false)}
            aria-label={`Desativar ${user.name}`}
          >
            <UserXIcon aria-hidden="true" />
            Desativar
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => onActive(true)}
            aria-label={`Reativar ${user.name}`}
          >
            <UserCheckIcon aria-hidden="true" />
            Reativar
          </Button>
        )}
      </div>
    </li>
  );
}
