import type * as React from 'react';
import { useState } from 'react';
import { KeyRoundIcon, RefreshCwIcon, ShieldCheckIcon, ShieldOffIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@domain/format';
import { QueryErrorState } from '@/components/query-error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { authKeys } from '@/lib/query-keys';
import { useTwoFactor } from '../api/get-two-factor';
import { DisableTwoFactorForm } from './disable-two-factor-form';
import { RegenerateRecoveryCodes } from './regenerate-recovery-codes';
import { TwoFactorEnrolment } from './two-factor-enrolment';

export interface TwoFactorCardProps {
  /** For admins: the agency's "require it for everyone" switch. */
  teamSetting?: React.ReactNode;
}

type Open = 'enrol' | 'disable' | 'codes' | null;

const TITLES: Record<Exclude<Open, null>, { title: string; description: string }> = {
  enrol: {
    title: 'Ativar verificação em duas etapas',
    description: 'Além da senha, o Milheiro vai pedir um código do aplicativo autenticador do seu celular.',
  },
  disable: {
    title: 'Desativar verificação em duas etapas',
    description: 'Confirme com sua senha e um código do aplicativo (ou um código de recuperação).',
  },
  codes: {
    title: 'Novos códigos de recuperação',
    description: 'Os códigos atuais deixam de valer. Confirme com um código do aplicativo.',
  },
};

/** /config → Segurança: two-factor sign-in (TOTP) — on or off, enrol, recovery codes, turn off. */
export function TwoFactorCard({ teamSetting }: TwoFactorCardProps) {
  const status = useTwoFactor();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);

  const close = () => {
    setOpen(null);
    // The session's flags (totp_enabled, mfa_setup_required) follow what changed.
    void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    void queryClient.invalidateQueries({ queryKey: authKeys.twoFactor() });
  };

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="space-y-1.5">
          <CardTitle className="flex flex-wrap items-center gap-2">
            Verificação em duas etapas
            {status.data &&
              (status.data.enabled ? (
                <Badge variant="success">Ativa</Badge>
              ) : (
                <Badge variant="secondary">Desativada</Badge>
              ))}
          </CardTitle>
          <CardDescription>
            Proteja sua conta com um código do aplicativo autenticador (Google Authenticator, Microsoft Authenticator,
            1Password…) além da senha.
          </CardDescription>
        </div>
        {status.data && !status.data.enabled && (
          <Button className="mt-2 shrink-0 sm:mt-0" onClick={() => setOpen('enrol')}>
            <ShieldCheckIcon aria-hidden="true" />
            Ativar
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isPending ? (
          <Skeleton className="h-14 w-full" aria-label="Carregando" />
        ) : status.isError ? (
          <QueryErrorState compact title="Erro ao carregar a verificação em duas etapas" query={status} />
        ) : status.data.enabled ? (
          <div className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center">
            <div className="flex min-w-0 flex-1 items-start gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-success/10 text-success">
                <KeyRoundIcon aria-hidden="true" className="size-4" />
              </span>
              <div className="min-w-0 space-y-0.5 text-sm">
                <p className="font-medium">Aplicativo autenticador</p>
                <p className="text-xs text-muted-foreground">
                  {status.data.enabled_at && <>Ativada em {formatDateTime(status.data.enabled_at)} · </>}
                  {status.data.recovery_codes_left === 1
                    ? '1 código de recuperação disponível'
                    : `${status.data.recovery_codes_left} códigos de recuperação disponíveis`}
                </p>
              </div>
            </div>
            <div className="flex flex-wrap gap-2 sm:justify-end">
              <Button variant="outline" size="sm" onClick={() => setOpen('codes')}>
                <RefreshCwIcon aria-hidden="true" />
                Novos códigos de recuperação
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                onClick={() => setOpen('disable')}
              >
                <ShieldOffIcon aria-hidden="true" />
                Desativar
              </Button>
            </div>
          </div>
        ) : (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            Sua conta entra só com a senha. Ative a verificação em duas etapas para que uma senha descoberta não baste
            para acessar a agência.
          </p>
        )}
        {teamSetting}
      </CardContent>

      <Dialog open={open !== null} onOpenChange={(next) => !next && close()}>
        <DialogContent className="sm:max-w-xl">
          {open && (
            <DialogHeader>
              <DialogTitle>{TITLES[open].title}</DialogTitle>
              <DialogDescription>{TITLES[open].description}</DialogDescription>
            </DialogHeader>
          )}
          {open === 'enrol' && <TwoFactorEnrolment onDone={close} onCancel={close} />}
          {open === 'disable' && <DisableTwoFactorForm onDone={close} onCancel={close} />}
          {open === 'codes' && <RegenerateRecoveryCodes onDone={close} onCancel={close} />}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
