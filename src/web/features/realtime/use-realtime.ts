import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { whenInteractive } from '@/lib/after-interactive';

/**
 * The tab's real-time stream (GET /api/v1/events, issue #16), opened once the first page is
 * interactive; its module (event-stream.ts: the keys each event makes stale, the alert toasts)
 * loads then, so the first page does not wait for it (#14, first load).
 */
export function useRealtime() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    let stopped = false;
    let close: (() => void) | undefined;
    whenInteractive(() => {
      void import('./event-stream').then(({ openEventStream }) => {
        if (!stopped) close = openEventStream({ queryClient, navigate: (to) => void navigate(to) });
      });
    });
    return () => {
      stopped = true;
      close?.();
    };
  }, [queryClient, navigate]);
}
