import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /esqueci-senha: a reset link by e-mail (#20). */
export default function ForgotPasswordRoute() {
  useDocumentTitle();
  return (
    <AuthPageShell
      title="Esqueci minha senha"
      description="Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha."
    >
      <ForgotPasswordForm />
    </AuthPageShell>
  );
}
