import * as React from 'react';
import { useEffect, useRef } from 'react';
import { ChevronRightIcon, MenuIcon, PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react';
import { Link, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { deferred } from '@/components/deferred';
import { Button } from '@/components/ui/button';
import { useDocumentTitle, useRouteHandle } from '@/hooks/use-document-title';
import { useGoKeys } from '@/hooks/use-go-keys';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';
import { useUiStore } from '@/stores/ui-store';
import { GoHint } from './go-hint';
import { OfflineBanner } from './offline-banner';
import { SidebarContent } from './sidebar';

/** The phone's drawer (Radix dialog) loads once the first page is interactive, or as 'Abrir menu' is pressed. */
const MobileNav = deferred(async () => (await import('./mobile-nav')).MobileNav);

export interface AppShellProps {
  agencyName: string | undefined;
  /** Right side of the header (the alerts bell and the user menu). */
  headerEnd: React.ReactNode;
  children: React.ReactNode;
}

/** Sidebar (drawer below 1024 px), 64 px header and content area; spec part 1 §2. */
export function AppShell({ agencyName, headerEnd, children }: AppShellProps) {
  const collapsed = useUiStore((state) => state.sidebarCollapsed);
  const toggleSidebar = useUiStore((state) => state.toggleSidebar);
  const mobileNavOpen = useUiStore((state) => state.mobileNavOpen);
  const setMobileNavOpen = useUiStore((state) => state.setMobileNavOpen);
  const isDesktop = useMediaQuery('(min-width: 1024px)');
  const { pathname } = useLocation();
  const hintVisible = useGoKeys();
  useDocumentTitle();

  // A new page closes the drawer (and so does the first one: the store may still hold it open).
  const drawerPathname = useRef<string | null>(null);
  useEffect(() => {
    if (drawerPathname.current === pathname) return;
    drawerPathname.current = pathname;
    setMobileNavOpen(false);
  }, [pathname, setMobileNavOpen]);
  useEffect(() => {
    if (isDesktop) setMobileNavOpen(false);
  }, [isDesktop, setMobileNavOpen]);

  return (
    <>
      <a
        href="#conteudo"
        className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Pular para o conteúdo
      </a>

      <aside
        className={cn(
          'fixed inset-y-0 left-0 z-40 hidden border-r border-sidebar-border transition-[width] duration-200 lg:block',
          collapsed ? 'w-(--sidebar-width-collapsed)' : 'w-(--sidebar-width)',
        )}
        data-collapsed={collapsed}
        data-testid="sidebar"
      >
        <SidebarContent collapsed={collapsed} agencyName={agencyName} />
      </aside>

      <MobileNav
        open={mobileNavOpen && !isDesktop}
        onOpenChange={setMobileNavOpen}
        agencyName={agencyName}
        fallback={null}
      />

      <div
        className={cn(
          'flex min-h-dvh flex-col transition-[padding] duration-200',
          collapsed ? 'lg:pl-(--sidebar-width-collapsed)' : 'lg:pl-(--sidebar-width)',
        )}
      >
        <header className="sticky top-0 z-30 flex h-(--header-height) shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-4 lg:px-6">
          <RouteProgress />
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Abrir menu"
            aria-expanded={mobileNavOpen}
            onClick={() => {
              setMobileNavOpen(true);
              void MobileNav.load();
            }}
          >
            <MenuIcon aria-hidden="true" className="size-5" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="hidden lg:inline-flex"
            aria-label={collapsed ? 'Expandir menu lateral' : 'Recolher menu lateral'}
            aria-pressed={collapsed}
            onClick={toggleSidebar}
          >
            {collapsed ? (
              <PanelLeftOpenIcon aria-hidden="true" className="size-5" />
            ) : (
              <PanelLeftCloseIcon aria-hidden="true" className="size-5" />
            )}
          </Button>
          <span aria-hidden="true" className="mx-1 hidden h-6 w-px bg-border sm:block" />
          <HeaderTitle />
          <div className="ml-auto flex items-center gap-2">{headerEnd}</div>
        </header>
        <OfflineBanner />

        <main
          id="conteudo"
          tabIndex={-1}
          className="mx-auto w-full max-w-[1440px] flex-1 p-4 outline-none sm:p-6 lg:p-8"
        >
          {children}
        </main>
      </div>

      <GoHint
        visible={hintVisible}
        className={
          collapsed
            ? 'lg:left-[calc(50%_+_var(--sidebar-width-collapsed)_/_2)] lg:max-w-[calc(100vw_-_var(--sidebar-width-collapsed)_-_2rem)]'
            : 'lg:left-[calc(50%_+_var(--sidebar-width)_/_2)] lg:max-w-[calc(100vw_-_var(--sidebar-width)_-_2rem)]'
        }
      />
      <ScrollRestoration />
    </>
  );
}

function HeaderTitle() {
  const handle = useRouteHandle();
  if (!handle) return null;
  return (
    <nav aria-label="Trilha de navegação" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        {handle.parent && (
          <>
            <li className="hidden shrink-0 sm:block">
              <Link to={handle.parent.to} className="text-muted-foreground transition-colors hover:text-foreground">
                {handle.parent.title}
              </Link>
            </li>
            <li aria-hidden="true" className="hidden text-muted-foreground sm:block">
              <ChevronRightIcon className="size-4" />
            </li>
          </>
        )}
        <li className="truncate font-semibold">{handle.title}</li>
      </ol>
    </nav>
  );
}

function RouteProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Carregando página"
      className="pointer-events-none absolute inset-x-0 top-0 h-0.5 overflow-hidden"
    >
      <div className="h-full w-1/3 animate-[route-progress_1s_ease-in-out_infinite] bg-primary" />
    </div>
  );
}
