import * as React from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { deferred } from '@/components/deferred';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { useApplyTheme } from '@/hooks/use-theme';
import { setToasterLoader } from '@/lib/toast';

/**
 * The Toaster, loaded once the first page is interactive or a toast is asked for (lib/toast.ts):
 * not among the first page's scripts. deferred() never throws when its module fails to load
 * (offline), where React.lazy would have taken the whole app down with it.
 */
const Toaster = deferred(async () => (await import('@/components/ui/sonner')).Toaster);
setToasterLoader(Toaster.load);

function ThemeController() {
  useApplyTheme();
  return null;
}

export interface AppProviderProps {
  queryClient: QueryClient;
  children: React.ReactNode;
}

export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeController />
      <Toaster fallback={null} />
      <AppErrorBoundary>{children}</AppErrorBoundary>
    </QueryClientProvider>
  );
}
