import { Outlet } from 'react-router';
import type { Session } from '@/types/api';
import { AppShell } from '@/components/layouts/app-shell';
import { AlertsBell } from '@/features/alerts/components/alerts-bell';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useRealtime } from '@/features/realtime/use-realtime';

/**
 * Every route but /entrar: signed-in users only, inside the sidebar and header (the alerts bell and
 * the user menu at its right). Loaded with the first signed-in page (router.tsx); its menus and
 * drawer load once that page is interactive, and the bell asks for its count then.
 */
export function AppLayout() {
  return <RequireAuth>{(session) => <SignedInLayout session={session} />}</RequireAuth>;
}

/** The shell of a signed-in user, with the tab's real-time stream open while it is on screen. */
function SignedInLayout({ session }: { session: Session }) {
  useRealtime();
  return (
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
  );
}
