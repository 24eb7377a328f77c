import { Building2Icon } from 'lucide-react';
import { NavLink } from 'react-router';
import { deferred } from '@/components/deferred';
import { NAV_ITEMS } from '@/config/navigation';
import { cn } from '@/lib/utils';
import { Brand } from './brand';
import { ThemeMenu } from './theme-menu';

/** The collapsed links' tooltips load once the first page is interactive; the link stands alone until then. */
const NavTooltip = deferred(async () => (await import('./nav-tooltip')).NavTooltip);

export interface SidebarContentProps {
  /** Icons only (desktop collapsed state). */
  collapsed?: boolean;
  agencyName: string | undefined;
  onNavigate?: () => void;
}

/** Brand, main navigation and footer; shared by the desktop sidebar and the mobile drawer. */
export function SidebarContent({ collapsed = false, agencyName, onNavigate }: SidebarContentProps) {
  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div
        className={cn(
          'flex h-(--header-height) shrink-0 items-center border-b border-sidebar-border px-4',
          collapsed && 'justify-center px-0',
        )}
      >
        <Brand collapsed={collapsed} />
      </div>

      <nav aria-label="Menu principal" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {NAV_ITEMS.map((item) => {
            const link = (
              <NavLink
                to={item.to}
                end
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'group relative flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-muted-foreground transition-colors outline-none hover:bg-sidebar-accent/70 hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-sidebar-primary',
                    isActive && 'bg-sidebar-accent text-sidebar-accent-foreground',
                    collapsed && 'justify-center px-0',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    {isActive && (
                      <span
                        aria-hidden="true"
                        className="absolute top-2 bottom-2 left-0 w-1 rounded-r-full bg-sidebar-primary"
                      />
                    )}
                    <item.icon
                      aria-hidden="true"
                      className={cn('size-[18px] shrink-0', isActive && 'text-sidebar-primary')}
                    />
                    <span className={cn('truncate', collapsed && 'sr-only')}>{item.label}</span>
                  </>
                )}
              </NavLink>
            );
            return (
              <li key={item.to}>
                {collapsed ? (
                  <NavTooltip label={item.label} fallback={link}>
                    {link}
                  </NavTooltip>
                ) : (
                  link
                )}
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="shrink-0 space-y-1 border-t border-sidebar-border p-3">
        <div
          className={cn('flex items-center gap-3 px-3 py-2 text-sm', collapsed && 'justify-center px-0')}
          title={collapsed ? agencyName : undefined}
          data-testid="sidebar-agency"
        >
          <Building2Icon aria-hidden="true" className="size-4 shrink-0 text-sidebar-muted-foreground" />
          <span className={cn('min-w-0 truncate font-medium', collapsed && 'sr-only')}>{agencyName ?? '—'}</span>
        </div>
        <ThemeMenu collapsed={collapsed} />
      </div>
    </div>
  );
}
