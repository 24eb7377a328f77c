import * as React from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { useApplyTheme } from '@/hooks/use-theme';
import { toasterWanted } from '@/lib/toast';

const Toaster = React.lazy(async () => ({ default: (await import('@/components/ui/sonner')).Toaster }));

/** The Toaster, once asked for (lib/toast.ts): not among the first page's scripts. */
function DeferredToaster() {
  const wanted = React.useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get);
  return wanted ? (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  ) : null;
}

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
      <DeferredToaster />
      <AppErrorBoundary>{children}</AppErrorBoundary>
    </QueryClientProvider>
  );
}
