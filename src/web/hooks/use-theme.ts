import { useEffect } from 'react';
import { useUiStore } from '@/stores/ui-store';
import { useMediaQuery } from './use-media-query';

export type ResolvedTheme = 'light' | 'dark';

/** The theme actually shown: the stored choice, with "system" following prefers-color-scheme live. */
export function useResolvedTheme(): ResolvedTheme {
  const theme = useUiStore((state) => state.theme);
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  if (theme === 'system') return systemDark ? 'dark' : 'light';
  return theme;
}

let transitionTimer: ReturnType<typeof setTimeout> | undefined;

/** Keeps the `dark` class on <html> in step with the resolved theme (index.html set it first). */
export function useApplyTheme(): void {
  const resolved = useResolvedTheme();
  useEffect(() => {
    const root = document.documentElement;
    const isDark = root.classList.contains('dark');
    if (isDark === (resolved === 'dark')) return;
    // Ease the switch over 0.3 s (spec part 1 §2), then drop the rule so hovers stay snappy.
    root.classList.add('theme-transition');
    root.classList.toggle('dark', resolved === 'dark');
    root.style.colorScheme = resolved;
    clearTimeout(transitionTimer);
    transitionTimer = setTimeout(() => root.classList.remove('theme-transition'), 300);
  }, [resolved]);
}
