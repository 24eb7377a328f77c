import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useUiStore } from '@/stores/ui-store';
import { isThemePreference, THEME_OPTIONS, themeOption, themeTriggerClass, ThemeTriggerContent } from './theme-options';

/** The theme menu itself (Radix, floating-ui): loaded after the first page (theme-menu.tsx). */
export function ThemeMenuDropdown({ collapsed, defaultOpen }: { collapsed: boolean; defaultOpen?: boolean }) {
  const theme = useUiStore((state) => state.theme);
  const setTheme = useUiStore((state) => state.setTheme);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label={`Tema: ${themeOption(theme).label}`} className={themeTriggerClass(collapsed)}>
        <ThemeTriggerContent theme={theme} collapsed={collapsed} />
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
