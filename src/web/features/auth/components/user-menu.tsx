import { deferred } from '@/components/deferred';
import { useOpenOnLoad } from '@/hooks/use-open-on-load';
import type { User } from '@/types/api';
import { USER_MENU_TRIGGER_CLASS, UserMenuTriggerContent } from './user-menu-trigger';

export { initialsOf } from './user-menu-trigger';

const Dropdown = deferred(async () => (await import('./user-menu-dropdown')).UserMenuDropdown);

/**
 * The header's user menu. Its menu (Radix, floating-ui) loads once the first page is interactive;
 * until then the same button stands in, and a press on it (or Enter) loads the menu and opens it.
 */
export function UserMenu({ user }: { user: User }) {
  const { defaultOpen, standIn } = useOpenOnLoad(Dropdown);
  return (
    <Dropdown
      user={user}
      defaultOpen={defaultOpen}
      fallback={
        <button
          type="button"
          className={USER_MENU_TRIGGER_CLASS}
          data-testid="user-menu-trigger"
          aria-haspopup="menu"
          aria-expanded={false}
          {...standIn}
        >
          <UserMenuTriggerContent user={user} />
        </button>
      }
    />
  );
}
