import { useEffect, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, useLocation, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { RootRouteErrorScreen, RouteErrorScreen } from '@/components/errors/route-error-screen';
import { PAGES, type RouteHandle } from '@/config/navigation';
import { SIGN_IN_PATH } from '@/config/constants';
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH, TWO_FACTOR_SETUP_PATH } from '@/features/auth/paths';
import { markPageShown } from '@/lib/after-interactive';
import type { PageLoader } from './loaders/prefetching';

/** Route modules default-export their page and load on first visit. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/** The root of every page: tells lib/after-interactive.ts once React has committed a location's page. */
function PageShown() {
  const location = useLocation();
  useEffect(() => markPageShown(location.key), [location.key]);
  return <Outlet />;
}

const handle = (title: string, parent?: RouteHandle['parent']): RouteHandle => (parent ? { title, parent } : { title });

/* Spec part 1 §2 "Route table". The list and record pages have loaders that start their queries (./loaders). */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  /**
   * A page with a loader: the loader's module loads beside the page's, not with the app. It reads
   * the domain's schemas, and a schema in the app's first chunks would be built before main.tsx
   * turns zod's eval probe off (lib/zod-config.ts), a violation of the Content-Security-Policy.
   */
  const pageWithLoader = (
    loader: () => Promise<{ default: PageLoader }>,
    load: () => Promise<{ default: ComponentType }>,
  ) => ({
    loader: async () => (await loader()).default(queryClient),
    Component: async () => (await load()).default,
  });
  return [
    {
      Component: PageShown,
      errorElement: <RootRouteErrorScreen />,
      HydrateFallback: FullPageLoader,
      children: [
        { path: SIGN_IN_PATH, handle: handle(PAGES.signIn.title), lazy: page(() => import('./routes/sign-in')) },
        {
          // An invitation's link (#20): public, like /entrar; accepting it signs the new user in.
          path: 'convite/:token',
          handle: handle(PAGES.invitation.title),
          lazy: page(() => import('./routes/accept-invitation')),
        },
        {
          path: FORGOT_PASSWORD_PATH,
          handle: handle('Esqueci minha senha'),
          lazy: page(() => import('./routes/forgot-password')),
        },
        {
          path: `${RESET_PASSWORD_PATH}/:token`,
          handle: handle('Redefinir senha'),
          lazy: page(() => import('./routes/reset-password')),
        },
        {
          path: TWO_FACTOR_SETUP_PATH,
          handle: handle('Verificação em duas etapas'),
          lazy: page(() => import('./routes/two-factor-setup')),
        },
        {
          // The signed-in shell (menus, tooltips, dialogs) loads with the first signed-in page, not with /entrar.
          lazy: async () => ({ Component: (await import('./routes/app-layout')).AppLayout }),
          children: [
            {
              // Errors of a page show inside the shell, so the menu stays usable.
              errorElement: <RouteErrorScreen />,
              children: [
                { index: true, handle: handle(PAGES.dashboard.title), lazy: page(() => import('./routes/dashboard')) },
                {
                  path: 'clientes',
                  handle: handle(PAGES.clients.title),
                  lazy: pageWithLoader(
                    () => import('./loaders/clients'),
                    () => import('./routes/clients'),
                  ),
                },
                {
                  path: 'clientes/:id',
                  handle: handle(PAGES.clientDetail.title, { title: PAGES.clients.title, to: '/clientes' }),
                  lazy: pageWithLoader(
                    () => import('./loaders/client'),
                    () => import('./routes/client-detail'),
                  ),
                },
                {
                  path: 'lotes',
                  handle: handle(PAGES.lots.title),
                  lazy: pageWithLoader(
                    () => import('./loaders/lots'),
                    () => import('./routes/lots'),
                  ),
                },
                {
                  path: 'lotes/:id',
                  handle: handle(PAGES.lotDetail.title, { title: PAGES.lots.title, to: '/lotes' }),
                  lazy: pageWithLoader(
                    () => import('./loaders/lot'),
                    () => import('./routes/lot-detail'),
                  ),
                },
                {
                  // One loyalty account's balances and history (issue #23); its accounts are reached from the lots.
                  path: 'contas/:id',
                  handle: handle(PAGES.accountDetail.title, { title: PAGES.lots.title, to: '/lotes' }),
                  lazy: pageWithLoader(
                    () => import('./loaders/account'),
                    () => import('./routes/account-detail'),
                  ),
                },
                {
                  path: 'simulador',
                  handle: handle(PAGES.simulator.title),
                  lazy: page(() => import('./routes/simulator')),
                },
                {
                  path: 'cotacoes',
                  handle: handle(PAGES.quotes.title),
                  lazy: page(() => import('./routes/quotes')),
                },
                {
                  path: 'cotacoes/:id',
                  handle: handle(PAGES.quoteDetail.title, { title: PAGES.quotes.title, to: '/cotacoes' }),
                  lazy: page(() => import('./routes/quote-detail')),
                },
                {
                  path: 'emissoes',
                  handle: handle(PAGES.emissions.title),
                  lazy: pageWithLoader(
                    () => import('./loaders/emissions'),
                    () => import('./routes/emissions'),
                  ),
                },
                {
                  path: 'emissoes/:id',
                  handle: handle(PAGES.emissionDetail.title, { title: PAGES.emissions.title, to: '/emissoes' }),
                  lazy: pageWithLoader(
                    () => import('./loaders/emission'),
                    () => import('./routes/emission-detail'),
                  ),
                },
                {
                  path: 'conciliador',
                  handle: handle(PAGES.reconciliation.title),
                  lazy: page(() => import('./routes/reconciliation')),
                },
                {
                  path: 'importador',
                  handle: handle(PAGES.importer.title),
                  lazy: page(() => import('./routes/importer')),
                },
                { path: 'alertas', handle: handle(PAGES.alerts.title), lazy: page(() => import('./routes/alerts')) },
                { path: 'regras', handle: handle(PAGES.rules.title), lazy: page(() => import('./routes/rules')) },
                {
                  path: 'financeiro',
                  handle: handle(PAGES.finance.title),
                  lazy: page(() => import('./routes/finance')),
                },
                { path: 'config', handle: handle(PAGES.settings.title), lazy: page(() => import('./routes/settings')) },
                { path: '*', handle: handle(PAGES.notFound.title), lazy: page(() => import('./routes/not-found')) },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
