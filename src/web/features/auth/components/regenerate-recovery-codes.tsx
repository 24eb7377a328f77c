import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCwIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { totpConfirmSchema } from '@domain/auth/two-factor.schema';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { RecoveryCodesPanel } from './recovery-codes-panel';

export interface RegenerateRecoveryCodesProps {
  onDone: () => void;
  onCancel: () => void;
}

/** Ten new recovery codes for a code from the app, shown once; the old ones stop working. */
export function RegenerateRecoveryCodes({ onDone, onCancel }: RegenerateRecoveryCodesProps) {
  const regenerate = useRegenerateRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm<z.input<typeof totpConfirmSchema>, unknown, z.output<typeof totpConfirmSchema>>({
    resolver: zodResolver(totpConfirmSchema),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;

  if (codes) {
    return (
      <div className="space-y-5">
        <RecoveryCodesPanel codes={codes} />
        <div className="flex justify-end">
          <Button type="button" onClick={onDone}>
            Guardei os códigos
          </Button>
        </div>
      </div>
    );
  }

  const onSubmit = form.handleSubmit((values) =>
    regenerate.mutate(values, {
      onSuccess: (answer) => {
        setCodes(answer.recovery_codes);
        toast.success('Novos códigos gerados', { description: 'Os códigos anteriores deixaram de valer.' });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, ['code'])) toastError('Erro ao gerar códigos', error);
      },
    }),
  );

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate aria-label="Gerar novos códigos" className="space-y-4">
      <FormField id="totp-regenerate-code" label="Código do aplicativo" error={errors.code?.message}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="000000"
          maxLength={7}
          className="max-w-48 font-mono tracking-[0.3em]"
          autoFocus
          {...form.register('code')}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={regenerate.isPending}>
          Cancelar
        </Button>
        <SubmitButton pending={regenerate.isPending} icon={RefreshCwIcon}>
          Gerar novos códigos
        </SubmitButton>
      </div>
    </form>
  );
}
