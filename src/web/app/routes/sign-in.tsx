import { lazy, Suspense, useState } from 'react';
import {
  ArrowLeftRightIcon,
  FileUpIcon,
  PackageIcon,
  PlaneTakeoffIcon,
  ScaleIcon,
  UsersIcon,
  WalletIcon,
} from 'lucide-react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Brand } from '@/components/layouts/brand';
import { FullPageLoader } from '@/components/full-page-loader';
import { QueryErrorState } from '@/components/query-error-state';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/features/auth/api/get-me';
import { useSetup } from '@/features/auth/api/get-setup';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { toast } from '@/lib/toast';

/**
 * What the product does today, each with the page that does it: an area joins the list when its
 * page is built (e2e/first-load.spec.ts opens each one and finds no "Em construção").
 */
const HIGHLIGHTS = [
  { icon: UsersIcon, path: '/clientes', text: 'Clientes com suas contas de fidelidade, busca e exportação' },
  { icon: PackageIcon, path: '/lotes', text: 'Lotes de milhas com custo por milheiro e vencimento' },
  { icon: PlaneTakeoffIcon, path: '/emissoes', text: 'Emissões com margem calculada e lotes de origem' },
  {
    icon: ArrowLeftRightIcon,
    path: '/conciliador',
    text: 'Conciliação de cada emissão com os lançamentos financeiros',
  },
  { icon: WalletIcon, path: '/financeiro', text: 'Financeiro: competência e caixa, a receber e margem por mês' },
  { icon: ScaleIcon, path: '/regras', text: 'Regras por programa: margem mínima, RAV, teto de CPM e SLA' },
  { icon: FileUpIcon, path: '/importador', text: 'Importação das suas planilhas CSV e XLSX, com validação e desfazer' },
];

type Mode = 'sign-in' | 'sign-up';

/** The first access's two tabs (sign-up and sign-in) load only when no agency exists yet. */
const FirstAccessTabs = lazy(() => import('@/features/auth/components/first-access-tabs'));

export default function SignInRoute() {
  useDocumentTitle();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get('redirect'));
  const navigate = useNavigate();
  const me = useMe();
  const setup = useSetup();
  const [mode, setMode] = useState<Mode | null>(null);

  if (me.data) return <Navigate to={target} replace />;
  if (me.isPending || setup.isPending) return <FullPageLoader />;

  const needsSetup = setup.data?.needs_setup ?? false;
  const activeMode: Mode = needsSetup ? (mode ?? 'sign-up') : 'sign-in';
  const goToTarget = () => void navigate(target, { replace: true });

  return (
    <div className="grid min-h-dvh bg-background lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="relative hidden overflow-hidden border-r border-sidebar-border bg-sidebar text-sidebar-foreground lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 -right-40 size-[28rem] rounded-full bg-sidebar-primary/15 blur-3xl"
        />
        <Brand />
        <div className="relative space-y-8">
          <p className="max-w-md text-3xl leading-tight font-semibold tracking-tight text-balance">
            Milhas, clientes e emissões da sua agência em um só lugar.
          </p>
          <ul className="space-y-4">
            {HIGHLIGHTS.map((item) => (
              <li
                key={item.text}
                data-path={item.path}
                className="flex items-center gap-3 text-sm text-sidebar-muted-foreground"
              >
                <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-sidebar-accent text-sidebar-primary">
                  <item.icon aria-hidden="true" className="size-4" />
                </span>
                {item.text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-sidebar-muted-foreground">Milheiro · CRM & Gestão</p>
      </aside>

      <main className="flex items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-lg space-y-6">
          <div className="lg:hidden">
            <Brand tone="default" />
          </div>

          {setup.isError ? (
            <QueryErrorState query={setup} />
          ) : (
            <Card className="shadow-sm">
              <CardHeader>
                <h1 className="text-xl leading-tight font-semibold">
                  {activeMode === 'sign-up' ? 'Criar conta' : 'Entrar'}
                </h1>
                <CardDescription>
                  {activeMode === 'sign-up'
                    ? 'Primeiro acesso: cadastre a agência e o seu usuário administrador.'
                    : 'Acesse sua conta para continuar.'}
                </CardDescription>
              </CardHeader>
              <CardContent>
                {needsSetup ? (
                  <Suspense fallback={<FormFieldsSkeleton />}>
                    <FirstAccessTabs
                      mode={activeMode}
                      onModeChange={setMode}
                      demo={setup.data?.demo}
                      onSignedUp={() => {
                        toast.success('Conta criada', { description: 'Agência e usuário cadastrados com sucesso!' });
                        goToTarget();
                      }}
                      onSignedIn={goToTarget}
                      onClosed={() => void setup.refetch()}
                    />
                  </Suspense>
                ) : (
                  <SignInForm demo={setup.data?.demo} onSuccess={goToTarget} />
                )}
              </CardContent>
            </Card>
          )}
        </div>
      </main>
    </div>
  );
}

function FormFieldsSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Carregando" className="space-y-4">
      <Skeleton className="h-9 w-full" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
    </div>
  );
}
