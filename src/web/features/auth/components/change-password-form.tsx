import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordSchema } from '@domain/auth/auth.schema';
import { FormCard } from '@/components/form-card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';

const changePasswordFormSchema = changePasswordSchema
  .safeExtend({ confirm_new_password: z.string() })
  .refine((values) => values.confirm_new_password === values.new_password, {
    message: 'As senhas não coincidem',
    path: ['confirm_new_password'],
  });

type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

const EMPTY: ChangePasswordFormValues = { current_password: '', new_password: '', confirm_new_password: '' };

export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordFormValues, unknown, z.output<typeof changePasswordFormSchema>>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ current_password, new_password }) => {
    changePassword.mutate(
      { current_password, new_password },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          toast.success('Senha alterada', {
            description: 'As outras sessões abertas com a senha antiga foram encerradas.',
          });
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, form.setError, ['current_password', 'new_password'])) {
            toastError('Erro ao alterar senha', error);
          }
        },
      },
    );
  });

  return (
    <FormCard
      label="Alterar senha"
      title="Alterar senha"
      description="Mínimo de 8 caracteres, com letra maiúscula, minúscula e número."
      onSubmit={onSubmit}
      contentClassName="grid gap-5 md:grid-cols-3"
      footer={
        <SubmitButton pending={changePassword.isPending} icon={KeyRoundIcon}>
          Alterar senha
        </SubmitButton>
      }
    >
      <FormField id="current-password" label="Senha atual" error={errors.current_password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('current_password')} />
      </FormField>
      <FormField id="new-password" label="Nova senha" error={errors.new_password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('new_password')} />
      </FormField>
      <FormField id="confirm-new-password" label="Confirmar nova senha" error={errors.confirm_new_password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirm_new_password')} />
      </FormField>
    </FormCard>
  );
}
