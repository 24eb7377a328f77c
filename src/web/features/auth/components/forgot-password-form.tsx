import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeftIcon, MailCheckIcon, SendIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordSchema } from '@domain/auth/two-factor.schema';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { SIGN_IN_PATH } from '@/config/constants';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { FormAlert } from './form-alert';

const linkClass =
  'inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40';

/** "Esqueci minha senha": the e-mail, then the same answer whether or not there is such an account. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [answer, setAnswer] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { identifier: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    forgot.mutate(values, {
      onSuccess: ({ message }) => {
        setAnswer(message);
        toast.success('Pedido enviado', { description: 'Confira sua caixa de entrada (e o spam).' });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, ['identifier'])) setFormError(error.message);
      },
    });
  });

  if (answer) {
    return (
      <div className="space-y-5">
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg border border-success/30 bg-success/10 p-4 text-sm"
        >
          <MailCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          <p>{answer}</p>
        </div>
        <Link to={SIGN_IN_PATH} className={linkClass}>
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          Voltar para o login
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate className="space-y-4" aria-label="Esqueci minha senha">
      <FormAlert message={formError} />
      <FormField id="forgot-identifier" label="E-mail" error={errors.identifier?.message}>
        <Input
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          {...form.register('identifier')}
        />
      </FormField>
      <SubmitButton className="w-full" size="lg" pending={forgot.isPending} icon={SendIcon}>
        Enviar link
      </SubmitButton>
      <Link to={SIGN_IN_PATH} className={linkClass}>
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Voltar para o login
      </Link>
    </form>
  );
}
