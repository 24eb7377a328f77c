import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { CnpjInput, EmailInput, PhoneInput } from '@/components/ui/typed-inputs';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { lazyResolver } from '@/lib/lazy-resolver';
import type { Session } from '@/types/api';
import { useSignUp } from '../api/sign-up';
import { FormAlert } from './form-alert';

type SignUpFormSchema = typeof import('../auth-form-schemas').signUpFormSchema;
type SignUpFormValues = z.input<SignUpFormSchema>;

const resolver = lazyResolver(async () => (await import('../auth-form-schemas')).signUpResolver);

const FIELDS = [
  'agency.legal_name',
  'agency.trade_name',
  'agency.cnpj',
  'user.name',
  'user.email',
  'user.phone',
  'user.password',
  'confirm_password',
] as const;

export interface SignUpFormProps {
  onSuccess: (session: Session) => void;
  /** Someone else finished the first sign-up meanwhile. */
  onClosed: () => void;
}

export function SignUpForm({ onSuccess, onClosed }: SignUpFormProps) {
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignUpFormValues, unknown, z.output<SignUpFormSchema>>({
    resolver,
    defaultValues: {
      agency: { legal_name: '', trade_name: '', cnpj: '' },
      user: { name: '', email: '', phone: '', password: '' },
      confirm_password: '',
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ confirm_password: _confirm, ...input }) => {
    setFormError(null);
    signUp.mutate(input, {
      onSuccess,
      onError: (error) => {
        if (isApiError(error) && error.code === 'SIGNUP_CLOSED') onClosed();
        if (!applyServerFieldErrors(error, form.setError, FIELDS)) setFormError(error.message);
      },
    });
  });

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate className="space-y-6" aria-label="Criar conta">
      <FormAlert message={formError} />
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold">Agência</legend>
        <FormField id="sign-up-legal-name" label="Razão social" error={errors.agency?.legal_name?.message}>
          <Input autoComplete="organization" {...form.register('agency.legal_name')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="sign-up-trade-name" label="Nome fantasia" error={errors.agency?.trade_name?.message}>
            <Input {...form.register('agency.trade_name')} />
          </FormField>
          <FormField id="sign-up-cnpj" label="CNPJ" error={errors.agency?.cnpj?.message}>
            <CnpjInput {...form.register('agency.cnpj')} />
          </FormField>
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold">Seus dados</legend>
        <FormField id="sign-up-name" label="Seu nome" error={errors.user?.name?.message}>
          <Input autoComplete="name" {...form.register('user.name')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="sign-up-email" label="E-mail" error={errors.user?.email?.message}>
            <EmailInput autoComplete="email" {...form.register('user.email')} />
          </FormField>
          <FormField id="sign-up-phone" label="Telefone" hint="Opcional" error={errors.user?.phone?.message}>
            <PhoneInput autoComplete="tel-national" {...form.register('user.phone')} />
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="sign-up-password"
            label="Senha"
            hint="Mínimo de 8 caracteres, com letra maiúscula, minúscula e número."
            error={errors.user?.password?.message}
          >
            <Input type="password" autoComplete="new-password" {...form.register('user.password')} />
          </FormField>
          <FormField id="sign-up-confirm-password" label="Confirmar senha" error={errors.confirm_password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('confirm_password')} />
          </FormField>
        </div>
      </fieldset>

      <SubmitButton className="w-full" size="lg" pending={signUp.isPending}>
        Criar conta
      </SubmitButton>
    </form>
  );
}
