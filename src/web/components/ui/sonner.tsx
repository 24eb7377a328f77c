import { Toaster as Sonner } from 'sonner';
import { useResolvedTheme } from '@/hooks/use-theme';
import { TOAST_DURATION_MS } from '@/config/constants';

export function Toaster() {
  const theme = useResolvedTheme();
  return (
    <Sonner
      theme={theme}
      richColors
      closeButton
      duration={TOAST_DURATION_MS}
      position="top-right"
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
      containerAriaLabel="Notificações"
    />
  );
}
