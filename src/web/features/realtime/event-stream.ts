import type { QueryClient } from '@tanstack/react-query';
import { ALERT_KIND_LABELS, type AlertKind } from '@domain/alerts/alert.kinds';
import type { StreamEvent } from '@domain/events/event.schema';
import { toast } from '@/lib/toast';
import { staleKeysFor } from './event-keys';

/** Events arriving together refresh each query once. */
const DEBOUNCE_MS = 250;
/** After the stream is refused (the server restarting, 503), try again this much later. */
const RECONNECT_MS = 15_000;
/** Past this many alerts at once (a scan), one toast says how many. */
const TOASTS_AT_ONCE = 3;

type Message = StreamEvent | { type: 'reset' };

/** The tab's query parameter for an alert kind (list-params.ts). */
const alertsPage = (kind: string) => `/alertas?tipo=${encodeURIComponent(kind)}`;

/**
 * Opens the tab's event stream: what a colleague does elsewhere shows here within a second — the
 * lists and figures it touches are refetched (debounced), and new alerts are toasted. The browser's
 * EventSource reconnects by itself, sending the last id so nothing is missed; if the server refuses
 * the stream, it is tried again later. Returns its end.
 */
export function openEventStream({
  queryClient,
  navigate,
}: {
  queryClient: QueryClient;
  navigate: (to: string) => void;
}): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let source: EventSource | null = null;
  let stopped = false;
  let lastId = '';
  let retry: ReturnType<typeof setTimeout> | undefined;
  let flush: ReturnType<typeof setTimeout> | undefined;
  const types = new Set<string>();
  const alerts: { kind: string; message: string }[] = [];

  const flushNow = () => {
    flush = undefined;
    const keys = staleKeysFor(types);
    types.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    const fresh = alerts.splice(0);
    if (fresh.length > TOASTS_AT_ONCE) {
      toast.warning(`${fresh.length} novos alertas`, { action: { label: 'Ver', onClick: () => navigate('/alertas') } });
      return;
    }
    for (const alert of fresh) {
      toast.warning(ALERT_KIND_LABELS[alert.kind as AlertKind] ?? 'Novo alerta', {
        description: alert.message,
        action: { label: 'Ver', onClick: () => navigate(alertsPage(alert.kind)) },
      });
    }
  };

  const onMessage = (event: MessageEvent<string>) => {
    lastId = event.lastEventId || lastId;
    let message: Message;
    try {
      message = JSON.parse(event.data) as Message;
    } catch {
      return;
    }
    if (message.type === 'reset') {
      void queryClient.invalidateQueries();
      return;
    }
    types.add(message.type);
    if (message.type === 'alert.created') {
      const data = message.data as { kind?: string; message?: string };
      if (data.kind) alerts.push({ kind: data.kind, message: data.message ?? '' });
    }
    flush ??= setTimeout(flushNow, DEBOUNCE_MS);
  };

  const open = () => {
    if (stopped) return;
    source = new EventSource(lastId ? `/api/v1/events?after=${encodeURIComponent(lastId)}` : '/api/v1/events');
    source.addEventListener('message', onMessage);
    source.addEventListener('error', () => {
      // CONNECTING: the browser retries by itself. CLOSED: it gave up (401, 503): later, then.
      if (source?.readyState === EventSource.CLOSED && !stopped) {
        source.close();
        retry = setTimeout(open, RECONNECT_MS);
      }
    });
  };

  open();
  return () => {
    stopped = true;
    source?.close();
    clearTimeout(retry);
    clearTimeout(flush);
  };
}
