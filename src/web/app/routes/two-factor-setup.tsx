import { LogOutIcon } from 'lucide-react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { useMe } from '@/features/auth/api/get-me';
import { useSignOut } from '@/features/auth/api/sign-out';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { TwoFactorEnrolment } from '@/features/auth/components/two-factor-enrolment';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { safeRedirectPath, signInPathFor } from '@/lib/safe-redirect';

/**
 * /verificacao-em-duas-etapas: where a user goes while the agency requires a second factor they
 * have not enrolled (the API answers only /auth until then); once enrolled, on to where they were going.
 */
export default function TwoFactorSetupRoute() {
  useDocumentTitle();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get('redirect'));
  const navigate = useNavigate();
  const me = useMe();
  const signOut = useSignOut();

  if (me.data === null) return <Navigate to={signInPathFor(target)} replace />;
  if (me.isError) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-background p-6">
        <QueryErrorState className="w-full max-w-md" title="Não foi possível verificar sua sessão" query={me} />
      </div>
    );
  }
  if (!me.data) return <FullPageLoader label="Verificando sessão" />;
  if (!me.data.user.mfa_setup_required) return <Navigate to={target} replace />;

  const done = async () => {
    await me.refetch();
    void navigate(target, { replace: true });
  };

  return (
    <AuthPageShell
      wide
      title="Ative a verificação em duas etapas"
      description={`${me.data.agency.trade_name} exige verificação em duas etapas de toda a equipe. Ative-a para continuar.`}
    >
      <div className="space-y-6">
        <TwoFactorEnrolment onDone={() => void done()} />
        <div className="flex justify-center border-t pt-4">
          <Button variant="ghost" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            <LogOutIcon aria-hidden="true" />
            Sair
          </Button>
        </div>
      </div>
    </AuthPageShell>
  );
}
