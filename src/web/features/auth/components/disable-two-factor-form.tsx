import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldOffIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { recoveryCodeSchema, totpCodeSchema, totpDisableSchema } from '@domain/auth/two-factor.schema';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { TwoFactorCodeInput } from './two-factor-code-input';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { useDisableTwoFactor } from '../api/disable-two-factor';

export interface DisableTwoFactorFormProps {
  onDone: () => void;
  onCancel: () => void;
}

const formSchemas = {
  code: z.object({ password: totpDisableSchema.shape.password, code: totpCodeSchema }),
  recovery: z.object({ password: totpDisableSchema.shape.password, code: recoveryCodeSchema }),
};

interface DisableValues {
  password: string;
  code: string;
}

/** Turning two-factor sign-in off: the password and a code from the app, or a recovery code. */
export function DisableTwoFactorForm({ onDone, onCancel }: DisableTwoFactorFormProps) {
  const [recovery, setRecovery] = useState(false);
  const disable = useDisableTwoFactor();
  const form = useForm<DisableValues>({
    resolver: (values, context, options) =>
      zodResolver(recovery ? formSchemas.recovery : formSchemas.code)(values, context, options),
    defaultValues: { password: '', code: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password, code }) =>
    disable.mutate(recovery ? { password, recovery_code: code } : { password, code }, {
      onSuccess: () => {
        toast.success('Verificação em duas etapas desativada', {
          description: 'Sua conta volta a entrar só com a senha.',
        });
        onDone();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, ['password', 'code'], { recovery_code: 'code' })) {
          toastError('Erro ao desativar', error);
        }
      },
    }),
  );

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate aria-label="Desativar verificação" className="space-y-4">
      <FormField id="totp-disable-password" label="Senha" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
      </FormField>
      <FormField
        id="totp-disable-code"
        label={recovery ? 'Código de recuperação' : 'Código do aplicativo'}
        error={errors.code?.message}
      >
        <TwoFactorCodeInput recovery={recovery} registration={form.register('code')} />
      </FormField>
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto px-0"
        onClick={() => {
          setRecovery(!recovery);
          form.resetField('code');
        }}
      >
        {recovery ? 'Usar o código do aplicativo' : 'Usar um código de recuperação'}
      </Button>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={disable.isPending}>
          Cancelar
        </Button>
        <SubmitButton variant="destructive" pending={disable.isPending} icon={ShieldOffIcon}>
          Desativar
        </SubmitButton>
      </div>
    </form>
  );
}
