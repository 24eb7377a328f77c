import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeftIcon, KeyRoundIcon, LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '@domain/auth/auth.schema';
import { Skeleton } from '@/components/ui/skeleton';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { SIGN_IN_PATH } from '@/config/constants';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { useResetLink } from '../api/get-reset-link';
import { useResetPassword } from '../api/reset-password';
import { FORGOT_PASSWORD_PATH } from '../paths';

const resetFormSchema = z
  .object({ password: passwordSchema, confirm_password: z.string() })
  .refine((v) => v.confirm_password === v.password, { message: 'As senhas não coincidem', path: ['confirm_password'] });

type ResetValues = z.input<typeof resetFormSchema>;

const linkClass =
  'inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40';

/** The reset link's page: checks the link first, then the new password twice. */
export function ResetPasswordForm({ token }: { token: string }) {
  const link = useResetLink(token);
  if (link.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Verificando link" className="space-y-4">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (link.isError) return <InvalidLink message={link.error.message} />;
  return <NewPasswordForm token={token} />;
}

function InvalidLink({ message }: { message: string }) {
  return (
    <div className="space-y-5">
      <div
        role="alert"
        className="flex items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/10 p-4 text-sm text-destructive"
      >
        <LinkIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>{message}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={SIGN_IN_PATH} className={linkClass}>
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          Voltar para o login
        </Link>
        <Link to={FORGOT_PASSWORD_PATH} className={linkClass}>
          Pedir um novo link
        </Link>
      </div>
    </div>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useForm<ResetValues, unknown, z.output<typeof resetFormSchema>>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirm_password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success('Senha redefinida', {
            description: 'Entre com a nova senha. As sessões abertas da sua conta foram encerradas.',
          });
          void navigate(SIGN_IN_PATH, { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 410) {
            toastError('Link inválido', error);
            return;
          }
          if (!applyServerFieldErrors(error, form.setError, ['password']))
            toastError('Erro ao redefinir a senha', error);
        },
      },
    ),
  );

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate className="space-y-4" aria-label="Redefinir senha">
      <FormField
        id="reset-password"
        label="Nova senha"
        error={errors.password?.message}
        hint="Mínimo de 8 caracteres, com letra maiúscula, minúscula e número."
      >
        <Input type="password" autoComplete="new-password" autoFocus {...form.register('password')} />
      </FormField>
      <FormField id="reset-confirm-password" label="Confirmar nova senha" error={errors.confirm_password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirm_password')} />
      </FormField>
      <SubmitButton className="w-full" size="lg" pending={reset.isPending} icon={KeyRoundIcon}>
        Redefinir senha
      </SubmitButton>
    </form>
  );
}
