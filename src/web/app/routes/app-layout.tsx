import { Outlet } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { TooltipProvider } from '@/components/ui/tooltip';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { UserMenu } from '@/features/auth/components/user-menu';

/**
 * Every route but /entrar: signed-in users only, inside the sidebar and header. Loaded with the
 * first signed-in page (router.tsx); the tooltips live only here, so their provider does too.
 */
export function AppLayout() {
  return (
    <RequireAuth>
      {(session) => (
        <TooltipProvider delayDuration={300}>
          <AppShell agencyName={session.agency.trade_name} headerEnd={<UserMenu user={session.user} />}>
            <Outlet />
          </AppShell>
        </TooltipProvider>
      )}
    </RequireAuth>
  );
}
