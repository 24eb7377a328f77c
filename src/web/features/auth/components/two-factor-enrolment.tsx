import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CopyIcon, ShieldCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { totpConfirmSchema } from '@domain/auth/two-factor.schema';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup';
import { RecoveryCodesPanel } from './recovery-codes-panel';

export interface TwoFactorEnrolmentProps {
  /** The codes were shown and the user is done. */
  onDone: () => void;
  /** 'Cancelar' before confirming (absent where enrolling is the only way on). */
  onCancel?: () => void;
}

type ConfirmValues = z.input<typeof totpConfirmSchema>;

/**
 * Enrolling an authenticator app: the QR code and the key to type (a new secret each time it
 * opens), a code to confirm, then the ten recovery codes, shown once.
 */
export function TwoFactorEnrolment({ onDone, onCancel }: TwoFactorEnrolmentProps) {
  const setup = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const started = useRef(false);
  const form = useForm<ConfirmValues, unknown, z.output<typeof totpConfirmSchema>>({
    resolver: zodResolver(totpConfirmSchema),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;

  const start = setup.mutate;
  useEffect(() => {
    // Once per opening: a second secret would replace the one the QR code shows.
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  if (codes) {
    return (
      <div className="space-y-5">
        <div className="flex items-center gap-2 text-sm font-medium text-success">
          <ShieldCheckIcon aria-hidden="true" className="size-4" />
          Verificação em duas etapas ativada
        </div>
        <RecoveryCodesPanel codes={codes} />
        <div className="flex justify-end">
          <Button type="button" onClick={onDone}>
            Guardei os códigos
          </Button>
        </div>
      </div>
    );
  }

  if (setup.isError) {
    return (
      <QueryErrorState
        title="Não foi possível começar a ativação"
        query={{ error: setup.error, refetch: () => setup.mutate(), isFetching: setup.isPending }}
      />
    );
  }

  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: (answer) => {
        setCodes(answer.recovery_codes);
        toast.success('Verificação em duas etapas ativada', {
          description: 'A partir de agora, o Milheiro pede um código ao entrar.',
        });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, ['code'])) toastError('Erro ao ativar', error);
      },
    }),
  );

  const copyKey = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key.replace(/\s/g, ''));
      toast.success('Chave copiada');
    } catch {
      toast.error('Não foi possível copiar', { description: 'Digite a chave no aplicativo.' });
    }
  };

  return (
    <form
      onSubmit={submitHandler(onSubmit)}
      noValidate
      aria-label="Ativar verificação em duas etapas"
      className="space-y-5"
    >
      <ol className="space-y-4 text-sm">
        <li className="space-y-3">
          <p>
            <span className="font-medium">1. Escaneie o QR code</span> com um aplicativo autenticador (Google
            Authenticator, Microsoft Authenticator, 1Password, Authy…).
          </p>
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
            {setup.data ? (
              <img
                src={setup.data.qr_svg}
                alt="QR code para cadastrar o Milheiro no aplicativo autenticador"
                width={176}
                height={176}
                className="size-44 shrink-0 rounded-md border bg-white p-2"
              />
            ) : (
              <Skeleton className="size-44 shrink-0" aria-label="Gerando QR code" />
            )}
            <div className="w-full min-w-0 space-y-2">
              <p className="text-muted-foreground">Não consegue escanear? Digite esta chave no aplicativo:</p>
              {setup.data ? (
                <div className="flex items-center gap-2">
                  <code
                    data-testid="totp-manual-key"
                    className="min-w-0 flex-1 rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm leading-6 tracking-wide break-words"
                  >
                    {setup.data.manual_key}
                  </code>
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label="Copiar chave"
                    onClick={() => void copyKey(setup.data.manual_key)}
                  >
                    <CopyIcon aria-hidden="true" />
                  </Button>
                </div>
              ) : (
                <Skeleton className="h-10 w-full" />
              )}
              <p className="text-xs text-muted-foreground">Tipo: baseada em tempo (TOTP), 6 dígitos, 30 segundos.</p>
            </div>
          </div>
        </li>
        <li className="space-y-3">
          <p>
            <span className="font-medium">2. Digite o código de 6 dígitos</span> que o aplicativo mostra para o
            Milheiro.
          </p>
          <FormField id="totp-confirm-code" label="Código de verificação" error={errors.code?.message}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="000000"
              maxLength={7}
              className="max-w-48 font-mono text-lg tracking-[0.3em]"
              disabled={!setup.data}
              {...form.register('code')}
            />
          </FormField>
        </li>
      </ol>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={confirm.isPending}>
            Cancelar
          </Button>
        )}
        <SubmitButton pending={confirm.isPending} disabled={!setup.data} icon={ShieldCheckIcon}>
          Ativar
        </SubmitButton>
      </div>
    </form>
  );
}
