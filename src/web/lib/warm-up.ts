import { cn } from './utils';

/**
 * Two one-off costs of the first page's render, paid once the loader is on screen, while the
 * browser waits for the page's modules and data (#14; App calls it from its first effect, which
 * comes after that paint): the first number formatted in pt-BR loads the locale's data (~35 ms
 * with the CPU slowed 4×, as Lighthouse's mobile run does, inside the render of the summary
 * cards), and cn()'s first call builds tailwind-merge's tables (~25 ms). Each is a task of its own
 * (timeouts: Chromium runs no idle callback while a page loads), so neither adds to a long one.
 */
export function warmUpAfterFirstPaint(): () => void {
  let timer = setTimeout(() => {
    void new Intl.NumberFormat('pt-BR').format(1);
    timer = setTimeout(() => void cn('p-1', 'p-2'), 0);
  }, 0);
  return () => clearTimeout(timer);
}
