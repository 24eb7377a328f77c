import { Outlet } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { AlertsBell } from '@/features/alerts/components/alerts-bell';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { UserMenu } from '@/features/auth/components/user-menu';

/**
 * Every route but /entrar: signed-in users only, inside the sidebar and header (the alerts bell and
 * the user menu at its right). Loaded with the first signed-in page (router.tsx); its menus and
 * drawer load once that page is interactive, and the bell asks for its count then.
 */
export function AppLayout() {
  return (
    <RequireAuth>
      {(session) => (
        <AppShell
          agencyName={session.agency.trade_name}
          headerEnd={
            <>
              <AlertsBell />
              <UserMenu user={session.user} />
            </>
          }
        >
          <Outlet />
        </AppShell>
      )}
    </RequireAuth>
  );
}
