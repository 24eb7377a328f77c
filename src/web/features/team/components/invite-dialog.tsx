import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { ROLE_LABELS, type UserRole } from '@domain/auth/roles';
import { invitationInputSchema, type InvitationInput, type InvitationSent } from '@domain/team/team.schema';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog, useDialogGuard, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectOptions, labelOptions } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { EmailInput } from '@/components/ui/typed-inputs';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { toastError } from '@/lib/toast';
import { useCreateInvitation } from '../api/create-invitation';

export interface InviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the dialog closed on a sent invitation (with its link when there is no SMTP). */
  onSent: (invitation: InvitationSent) => void;
}

interface InviteFormState {
  email: string;
  role: UserRole;
}

const ROLE_OPTIONS = labelOptions(ROLE_LABELS);
const FIELDS = ['email', 'role'] as const;

/** The form validates with the schema the API re-parses (STYLE.md habit 1). */
const resolver = zodResolver(invitationInputSchema) as unknown as Resolver<InviteFormState, unknown, InvitationInput>;

const ROLE_HINTS: Record<UserRole, string> = {
  operador: 'Clientes, lotes, emissões, lançamentos e importações. Não altera dados da agência, regras nem equipe.',
  admin: 'Tudo, inclusive os dados da agência, as configurações financeiras, as regras, os webhooks e a equipe.',
};

/** "Convidar": e-mail and role. */
export function InviteDialog({ onSent, ...dialog }: InviteDialogProps) {
  return (
    <FormDialog<InvitationSent>
      {...dialog}
      onSaved={onSent}
      className="sm:max-w-[480px]"
      title="Convidar para a equipe"
      description="A pessoa recebe um link de uso único, válido por 72 horas, para criar o acesso com nome e senha."
    >
      {(guard) => <InviteForm {...guard} />}
    </FormDialog>
  );
}

function InviteForm({ onCancel, onSaved, ...guard }: FormDialogGuard<InvitationSent>) {
  const create = useCreateInvitation();
  const form = useForm<InviteFormState, unknown, InvitationInput>({
    resolver,
    defaultValues: { email: '', role: 'operador' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;
  useDialogGuard(guard, create.isPending, isDirty);
  const role = useWatch({ control: form.control, name: 'role' });

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: onSaved,
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, FIELDS)) toastError('Não foi possível convidar', error);
      },
    }),
  );

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate aria-label="Convidar para a equipe" className="grid gap-5">
      <FormField id="invite-email" label="E-mail" error={errors.email?.message}>
        <EmailInput autoComplete="off" placeholder="nome@agencia.com.br" {...form.register('email')} />
      </FormField>
      <FormField id="invite-role" label="Papel" error={errors.role?.message} hint={ROLE_HINTS[role] ?? undefined}>
        <Select {...form.register('role')}>
          <SelectOptions options={ROLE_OPTIONS} />
        </Select>
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancelar
        </Button>
        <SubmitButton pending={create.isPending}>{create.isPending ? 'Enviando...' : 'Enviar convite'}</SubmitButton>
      </DialogFooter>
    </form>
  );
}
