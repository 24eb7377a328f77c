import { MonitorIcon, MoonIcon, SunIcon, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { ThemePreference } from '@/stores/ui-store';

/* Spec part 1 §2 "Sidebar" footer: the three choices, with these labels. */
export const THEME_OPTIONS: readonly { value: ThemePreference; label: string; icon: LucideIcon }[] = [
  { value: 'light', label: 'Modo Claro', icon: SunIcon },
  { value: 'dark', label: 'Modo Escuro', icon: MoonIcon },
  { value: 'system', label: 'Sistema (Claro/Escuro)', icon: MonitorIcon },
];

export function themeOption(theme: ThemePreference) {
  return THEME_OPTIONS.find((option) => option.value === theme) ?? THEME_OPTIONS[2]!;
}

export function isThemePreference(value: string): value is ThemePreference {
  return THEME_OPTIONS.some((option) => option.value === value);
}

/** The theme menu's button, the same before and after its menu's module is in (theme-menu.tsx). */
export function themeTriggerClass(collapsed: boolean) {
  return cn(
    'flex h-9 w-full items-center gap-3 rounded-md px-3 text-sm text-sidebar-muted-foreground transition-colors outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-sidebar-primary data-[state=open]:bg-sidebar-accent',
    collapsed && 'justify-center px-0',
  );
}

export function ThemeTriggerContent({ theme, collapsed }: { theme: ThemePreference; collapsed: boolean }) {
  const current = themeOption(theme);
  return (
    <>
      <current.icon aria-hidden="true" className="size-4 shrink-0" />
      <span className={cn('truncate', collapsed && 'sr-only')}>{current.label}</span>
    </>
  );
}
