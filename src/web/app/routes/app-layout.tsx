import { Outlet } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { UserMenu } from '@/features/auth/components/user-menu';

/**
 * Every route but /entrar: signed-in users only, inside the sidebar and header. Loaded with the
 * first signed-in page (router.tsx); its menus and drawer load once that page is interactive.
 */
export function AppLayout() {
  return (
    <RequireAuth>
      {(session) => (
        <AppShell agencyName={session.agency.trade_name} headerEnd={<UserMenu user={session.user} />}>
          <Outlet />
        </AppShell>
      )}
    </RequireAuth>
  );
}
