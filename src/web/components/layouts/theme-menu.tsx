import { MonitorIcon, MoonIcon, SunIcon, type LucideIcon } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { useUiStore, type ThemePreference } from '@/stores/ui-store';

/* Spec part 1 §2 "Sidebar" footer: the three choices, with these labels. */
export const THEME_OPTIONS: readonly { value: ThemePreference; label: string; icon: LucideIcon }[] = [
  { value: 'light', label: 'Modo Claro', icon: SunIcon },
  { value: 'dark', label: 'Modo Escuro', icon: MoonIcon },
  { value: 'system', label: 'Sistema (Claro/Escuro)', icon: MonitorIcon },
];

function isThemePreference(value: string): value is ThemePreference {
  return THEME_OPTIONS.some((option) => option.value === value);
}

export function ThemeMenu({ collapsed = false }: { collapsed?: boolean }) {
  const theme = useUiStore((state) => state.theme);
  const setTheme = useUiStore((state) => state.setTheme);
  const current = THEME_OPTIONS.find((option) => option.value === theme) ?? THEME_OPTIONS[2]!;
  const Icon = current.icon;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Tema: ${current.label}`}
        className={cn(
          'flex h-9 w-full items-center gap-3 rounded-md px-3 text-sm text-sidebar-muted-foreground transition-colors outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-sidebar-primary data-[state=open]:bg-sidebar-accent',
          collapsed && 'justify-center px-0',
        )}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span className={cn('truncate', collapsed && 'sr-only')}>{current.label}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="w-56">
        <DropdownMenuLabel className="text-xs text-muted-foreground">Tema</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => isThemePreference(value) && setTheme(value)}>
          {THEME_OPTIONS.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value}>
              <option.icon aria-hidden="true" />
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
