import * as React from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { Toaster } from '@/components/ui/sonner';
import { useApplyTheme } from '@/hooks/use-theme';

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
      <Toaster />
      <AppErrorBoundary>{children}</AppErrorBoundary>
    </QueryClientProvider>
  );
}
