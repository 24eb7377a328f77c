import { useState } from 'react';
import { ArrowLeftIcon, ShieldCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { TwoFactorCodeInput } from './two-factor-code-input';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { lazyResolver } from '@/lib/lazy-resolver';
import type { Session } from '@/types/api';
import { useVerifySignIn } from '../api/verify-sign-in';
import { FormAlert } from './form-alert';

export interface SignInCodeFormProps {
  onSuccess: (session: Session) => void;
  /** Back to e-mail and password (the pending session expired, or the user chose to). */
  onRestart: (message?: string) => void;
}

type Mode = 'code' | 'recovery';

interface CodeValues {
  code: string;
}

const resolvers = {
  code: lazyResolver<CodeValues, CodeValues>(async () => (await import('../auth-form-schemas')).totpCodeResolver),
  recovery: lazyResolver<CodeValues, CodeValues>(
    async () => (await import('../auth-form-schemas')).recoveryCodeResolver,
  ),
};

/** The sign-in's second step: the 6-digit code of the authenticator app, or one recovery code. */
export function SignInCodeForm({ onSuccess, onRestart }: SignInCodeFormProps) {
  const [mode, setMode] = useState<Mode>('code');
  return (
    <CodeStep
      key={mode}
      mode={mode}
      onSuccess={onSuccess}
      onRestart={onRestart}
      onSwitch={() => setMode(mode === 'code' ? 'recovery' : 'code')}
    />
  );
}

function CodeStep({
  mode,
  onSuccess,
  onRestart,
  onSwitch,
}: SignInCodeFormProps & { mode: Mode; onSwitch: () => void }) {
  const verify = useVerifySignIn();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CodeValues>({ resolver: resolvers[mode], defaultValues: { code: '' }, mode: 'onSubmit' });
  const { errors } = form.formState;
  const recovery = mode === 'recovery';

  const onSubmit = form.handleSubmit(({ code }) => {
    setFormError(null);
    verify.mutate(recovery ? { recovery_code: code } : { code }, {
      onSuccess,
      onError: (error) => {
        if (isApiError(error) && error.code === 'MFA_EXPIRED') {
          onRestart(error.message);
          return;
        }
        if (applyServerFieldErrors(error, form.setError, ['code'], { recovery_code: 'code' })) return;
        setFormError(error.message);
        form.resetField('code');
        form.setFocus('code');
      },
    });
  });

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate className="space-y-4" aria-label="Verificação em duas etapas">
      <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
        <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <p className="text-muted-foreground">
          {recovery
            ? 'Digite um dos códigos de recuperação que você guardou ao ativar a verificação. Cada código vale uma vez.'
            : 'Abra o aplicativo autenticador no celular e digite o código de 6 dígitos do Milheiro.'}
        </p>
      </div>
      <FormAlert message={formError} />
      <FormField
        id="sign-in-code"
        label={recovery ? 'Código de recuperação' : 'Código de verificação'}
        error={errors.code?.message}
      >
        <TwoFactorCodeInput recovery={recovery} registration={form.register('code')} autoFocus large />
      </FormField>
      <SubmitButton className="w-full" size="lg" pending={verify.isPending}>
        Verificar
      </SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={() => onRestart()} disabled={verify.isPending}>
          <ArrowLeftIcon aria-hidden="true" />
          Voltar
        </Button>
        <Button type="button" variant="link" size="sm" onClick={onSwitch} disabled={verify.isPending}>
          {recovery ? 'Usar o código do aplicativo' : 'Usar um código de recuperação'}
        </Button>
      </div>
    </form>
  );
}
