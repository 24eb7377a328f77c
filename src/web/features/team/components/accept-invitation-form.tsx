import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { acceptInvitationSchema, type AcceptInvitation, type InvitationPreview } from '@domain/team/team.schema';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { PhoneInput } from '@/components/ui/typed-inputs';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';

/** The accept form: the API's schema, and the password typed twice. */
const acceptFormSchema = acceptInvitationSchema
  .safeExtend({ confirm_password: z.string() })
  .refine((values) => values.confirm_password === values.password, {
    message: 'As senhas não coincidem',
    path: ['confirm_password'],
  });
const resolver = zodResolver(acceptFormSchema);
type AcceptFormValues = z.input<typeof acceptFormSchema>;

const FIELDS = ['name', 'phone', 'password', 'confirm_password'] as const;

export interface AcceptInvitationFormProps {
  invitation: InvitationPreview;
  pending: boolean;
  /** Sends the form; `onError` puts the server's answer on the fields or above them. */
  onAccept: (input: AcceptInvitation, onError: (error: Error) => void) => void;
}

/** Name, phone (optional) and password for the invited e-mail. */
export function AcceptInvitationForm({ invitation, pending, onAccept }: AcceptInvitationFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AcceptFormValues, unknown, z.output<typeof acceptFormSchema>>({
    resolver,
    defaultValues: { name: '', phone: '', password: '', confirm_password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ confirm_password: _confirm, ...input }) => {
    setFormError(null);
    onAccept(input, (error) => {
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) setFormError(error.message);
    });
  });

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate className="space-y-4" aria-label="Aceitar convite">
      {formError && (
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm text-destructive"
        >
          {formError}
        </p>
      )}
      <FormField id="accept-email" label="E-mail" hint="O e-mail do convite: é com ele que você vai entrar.">
        <Input value={invitation.email} readOnly autoComplete="username" className="bg-muted text-muted-foreground" />
      </FormField>
      <FormField id="accept-name" label="Seu nome" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField id="accept-phone" label="Telefone" hint="Opcional" error={errors.phone?.message}>
        <PhoneInput autoComplete="tel-national" {...form.register('phone')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="accept-password"
          label="Senha"
          hint="Mínimo de 8 caracteres, com letra maiúscula, minúscula e número."
          error={errors.password?.message}
        >
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField id="accept-confirm-password" label="Confirmar senha" error={errors.confirm_password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirm_password')} />
        </FormField>
      </div>
      <SubmitButton className="w-full" size="lg" pending={pending}>
        Aceitar convite e entrar
      </SubmitButton>
    </form>
  );
}
