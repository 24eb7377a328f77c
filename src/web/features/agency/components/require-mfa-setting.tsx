import { UsersIcon } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast, toastError } from '@/lib/toast';
import { useAgencySettings } from '../api/get-settings';
import { useUpdateAgencySettings } from '../api/update-settings';

/**
 * For admins (/config → Segurança): the agency requires two-factor sign-in of everyone. Whoever
 * has not enrolled is sent to enrol at their next request (docs/decisions/0026-team-and-roles.md).
 */
export function RequireMfaSetting() {
  const settings = useAgencySettings();
  const update = useUpdateAgencySettings();

  if (settings.isPending) return <Skeleton className="h-16 w-full" />;
  if (settings.isError) return null;

  const toggle = (required: boolean) =>
    update.mutate(
      { ...settings.data, require_mfa: required },
      {
        onSuccess: () =>
          toast.success(required ? 'Verificação obrigatória ativada' : 'Verificação obrigatória desativada', {
            description: required
              ? 'Quem ainda não ativou a verificação em duas etapas terá que ativá-la para continuar.'
              : 'Cada pessoa da equipe decide se usa a verificação em duas etapas.',
          }),
        onError: (error) => toastError('Erro ao salvar configuração', error),
      },
    );

  return (
    <div className="flex items-start gap-3 rounded-lg border bg-muted/30 p-4">
      <UsersIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1 space-y-1">
        <Label htmlFor="require-mfa" className="leading-snug">
          Exigir verificação em duas etapas para toda a equipe
        </Label>
        <p id="require-mfa-hint" className="text-xs text-muted-foreground">
          Quem ainda não ativou será levado a ativar antes de continuar usando o Milheiro.
        </p>
      </div>
      <Switch
        id="require-mfa"
        aria-describedby="require-mfa-hint"
        checked={settings.data.require_mfa}
        disabled={update.isPending}
        onCheckedChange={toggle}
      />
    </div>
  );
}
