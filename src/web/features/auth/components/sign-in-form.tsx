import { lazy, Suspense, useState } from 'react';
import { KeyRoundIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { signInSchema } from '@domain/auth/auth.schema';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { lazyResolver } from '@/lib/lazy-resolver';
import type { Session } from '@/types/api';
import { isMfaRequired, useSignIn } from '../api/sign-in';
import type { SetupStatus } from '../api/get-setup';
import { FormAlert } from './form-alert';

export interface SignInFormProps {
  demo?: SetupStatus['demo'];
  onSuccess: (session: Session) => void;
}

type SignInValues = z.input<typeof signInSchema>;

/* The second step only some users meet: its module loads when the password asks for it, keeping /entrar's first load in budget (e2e/first-load.spec.ts). */
const SignInCodeForm = lazy(async () => ({ default: (await import('./sign-in-code-form')).SignInCodeForm }));

const resolver = lazyResolver(async () => (await import('../auth-form-schemas')).signInResolver);

export function SignInForm({ demo, onSuccess }: SignInFormProps) {
  const signIn = useSignIn();
  const [formError, setFormError] = useState<string | null>(null);
  /** The password was right and the account asks for a code: the second step. */
  const [codeStep, setCodeStep] = useState(false);
  const form = useForm<SignInValues, unknown, z.output<typeof signInSchema>>({
    resolver,
    defaultValues: { identifier: '', password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    signIn.mutate(values, {
      onSuccess: (answer) => {
        if (isMfaRequired(answer)) setCodeStep(true);
        else onSuccess(answer);
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, form.setError, ['identifier', 'password'])) return;
        setFormError(error.message);
        if (isApiError(error) && error.status === 401) {
          form.resetField('password');
          form.setFocus('password');
        }
      },
    });
  });

  const fillDemo = () => {
    if (!demo) return;
    form.setValue('identifier', demo.identifier, { shouldValidate: true });
    form.setValue('password', demo.password, { shouldValidate: true });
    setFormError(null);
  };

  if (codeStep) {
    return (
      <div className="space-y-4">
        <h2 className="text-base font-semibold">Verificação em duas etapas</h2>
        <Suspense fallback={<p className="text-sm text-muted-foreground">Carregando…</p>}>
          <SignInCodeForm
            onSuccess={onSuccess}
            onRestart={(message) => {
              setCodeStep(false);
              setFormError(message ?? null);
              form.resetField('password');
            }}
          />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="space-y-5">
      {demo && (
        <section
          aria-labelledby="demo-title"
          className="rounded-lg border border-primary/25 bg-primary/5 p-4 text-sm"
          data-testid="demo-credentials"
        >
          <div className="flex items-start gap-3">
            <KeyRoundIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <div className="min-w-0 flex-1 space-y-2">
              <h2 id="demo-title" className="font-semibold">
                Acesso de demonstração
              </h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-muted-foreground">Usuário</dt>
                <dd className="truncate font-mono text-xs leading-5">{demo.identifier}</dd>
                <dt className="text-muted-foreground">Senha</dt>
                <dd className="truncate font-mono text-xs leading-5">{demo.password}</dd>
              </dl>
              <Button variant="outline" size="sm" onClick={fillDemo}>
                Usar credenciais de demonstração
              </Button>
            </div>
          </div>
        </section>
      )}

      <form onSubmit={submitHandler(onSubmit)} noValidate className="space-y-4" aria-label="Entrar">
        <FormAlert message={formError} />
        <FormField id="sign-in-identifier" label="E-mail ou telefone" error={errors.identifier?.message}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('identifier')} />
        </FormField>
        <FormField id="sign-in-password" label="Senha" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <div className="-mt-2 flex justify-end">
          <Link
            to="/esqueci-senha"
            className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            Esqueci minha senha
          </Link>
        </div>
        <SubmitButton className="w-full" size="lg" pending={signIn.isPending}>
          Entrar
        </SubmitButton>
      </form>
    </div>
  );
}
