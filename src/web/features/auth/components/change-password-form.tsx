import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon, Loader2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordSchema } from '@domain/auth/auth.schema';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
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
    <Card>
      <form onSubmit={submitHandler(onSubmit)} noValidate aria-label="Alterar senha" className="flex flex-col gap-5">
        <CardHeader>
          <CardTitle>Alterar senha</CardTitle>
          <CardDescription>Mínimo de 8 caracteres, com letra maiúscula, minúscula e número.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-3">
          <FormField id="current-password" label="Senha atual" error={errors.current_password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('current_password')} />
          </FormField>
          <FormField id="new-password" label="Nova senha" error={errors.new_password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('new_password')} />
          </FormField>
          <FormField
            id="confirm-new-password"
            label="Confirmar nova senha"
            error={errors.confirm_new_password?.message}
          >
            <Input type="password" autoComplete="new-password" {...form.register('confirm_new_password')} />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end border-t pt-5">
          <Button type="submit" disabled={changePassword.isPending}>
            {changePassword.isPending ? (
              <Loader2Icon aria-hidden="true" className="animate-spin" />
            ) : (
              <KeyRoundIcon aria-hidden="true" />
            )}
            Alterar senha
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
