import { deferred } from '@/components/deferred';
import { useOpenOnLoad } from '@/hooks/use-open-on-load';
import { useUiStore } from '@/stores/ui-store';
import { themeOption, themeTriggerClass, ThemeTriggerContent } from './theme-options';

export { THEME_OPTIONS } from './theme-options';

const Dropdown = deferred(async () => (await import('./theme-menu-dropdown')).ThemeMenuDropdown);

/**
 * The sidebar's theme menu. Its menu loads once the first page is interactive; until then the
 * same button stands in, and a press on it (or Enter) loads the menu and opens it.
 */
export function ThemeMenu({ collapsed = false }: { collapsed?: boolean }) {
  const theme = useUiStore((state) => state.theme);
  const { defaultOpen, standIn } = useOpenOnLoad(Dropdown);
  return (
    <Dropdown
      collapsed={collapsed}
      defaultOpen={defaultOpen}
      fallback={
        <button
          type="button"
          aria-label={`Tema: ${themeOption(theme).label}`}
          aria-haspopup="menu"
          aria-expanded={false}
          className={themeTriggerClass(collapsed)}
          {...standIn}
        >
          <ThemeTriggerContent theme={theme} collapsed={collapsed} />
        </button>
      }
    />
  );
}
