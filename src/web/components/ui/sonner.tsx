import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { useResolvedTheme } from '@/hooks/use-theme';
import { TOAST_DURATION_MS } from '@/config/constants';
import { toasterMounted } from '@/lib/toast';

/** Mounted lazily (app/provider.tsx, lib/toast.ts). */
export function Toaster() {
  const theme = useResolvedTheme();
  useEffect(toasterMounted, []);
  return (
    <Sonner
      theme={theme}
      richColors
      closeButton
      duration={TOAST_DURATION_MS}
      position="bottom-right"
      // Below the 64 px header, so toasts never cover the user menu.
      offset={{ top: 76, right: 16 }}
      mobileOffset={{ top: 72, left: 12, right: 12 }}
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
      containerAriaLabel="Notificações"
    />
  );
}
