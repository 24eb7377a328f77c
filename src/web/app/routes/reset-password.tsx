import { useParams } from 'react-router';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /redefinir-senha/:token: the link of "Esqueci minha senha" (#20). */
export default function ResetPasswordRoute() {
  useDocumentTitle();
  const { token = '' } = useParams();
  return (
    <AuthPageShell
      title="Redefinir senha"
      description="Crie uma nova senha para sua conta. Ao salvar, todas as sessões abertas serão encerradas."
    >
      <ResetPasswordForm token={token} />
    </AuthPageShell>
  );
}
