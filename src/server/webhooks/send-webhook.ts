import { Agent, request } from 'undici';
import { deliveryUrlRefusal, pinnedLookup, UnsafeWebhookUrlError } from './ssrf';

export const WEBHOOK_USER_AGENT = 'Milheiro-Webhooks/1';
/** How much of a receiver's answer is read (for the deliveries log); the rest is dropped unread. */
const RESPONSE_READ_MAX_BYTES = 4096;
/** How much of it the log keeps. */
const RESPONSE_SNIPPET_MAX_CHARS = 200;

/** One attempt's outcome, as the deliveries log records it. */
export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** Why it failed, in Portuguese; null on success. */
  error: string | null;
  retryAfter: string | null;
}

/**
 * The connection pool of one delivery run: every socket resolves its host through pinnedLookup,
 * so it connects only to the addresses the SSRF guard accepted. HTTP/1.1 only; closed by the run.
 */
export function createWebhookAgent(allowHosts: readonly string[], timeoutMs: number): Agent {
  return new Agent({
    allowH2: false,
    connect: { lookup: pinnedLookup(allowHosts), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4000,
  });
}

/**
 * POSTs one signed body. Redirects are not followed (Standard Webhooks: a 3xx is a failure, the
 * URL should be updated), the whole attempt is cut at `timeoutMs`, and the answer is read up to
 * 4 KB. Never throws: every failure is a result with a Portuguese reason.
 */
export async function sendWebhook({
  url,
  body,
  headers,
  agent,
  allowHosts,
  timeoutMs,
}: {
  url: string;
  body: string;
  headers: Record<string, string>;
  agent: Agent;
  allowHosts: readonly string[];
  timeoutMs: number;
}): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const refused = deliveryUrlRefusal(url, allowHosts);
  if (refused) return { ok: false, statusCode: null, durationMs: 0, error: refused, retryAfter: null };
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await request(url, {
      method: 'POST',
      dispatcher: agent,
      signal,
      headers: { ...headers, 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT },
      body,
    });
    const text = await readSome(res.body, RESPONSE_READ_MAX_BYTES);
    const statusCode = res.statusCode;
    const retryAfter = headerText(res.headers['retry-after']);
    if (statusCode >= 200 && statusCode < 300) {
      return { ok: true, statusCode, durationMs: elapsed(), error: null, retryAfter: null };
    }
    return { ok: false, statusCode, durationMs: elapsed(), error: statusError(statusCode, text), retryAfter };
  } catch (err) {
    const error = signal.aborted
      ? `Tempo esgotado: sem resposta em ${(timeoutMs / 1000).toLocaleString('pt-BR')} s`
      : connectionError(err);
    return { ok: false, statusCode: null, durationMs: elapsed(), error, retryAfter: null };
  }
}

/** Up to `max` bytes of the answer as text; the connection is dropped rather than drained past that. */
async function readSome(stream: AsyncIterable<Buffer> & { destroy(): void }, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= max) {
      stream.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, max).toString('utf8');
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/** A receiver's text as the log can keep it: printable, one line, short (and never a NUL, which PostgreSQL refuses). */
function snippet(text: string): string {
  // oxlint-disable-next-line no-control-regex -- control characters are what this removes
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\ufffd]+/g, ' ').trim();
  return clean.length > RESPONSE_SNIPPET_MAX_CHARS ? `${clean.slice(0, RESPONSE_SNIPPET_MAX_CHARS)}…` : clean;
}

function statusError(status: number, text: string): string {
  const detail = snippet(text);
  const head =
    status >= 300 && status < 400
      ? `Redirecionamento (HTTP ${status}) não é seguido: atualize a URL do endpoint`
      : status === 410
        ? 'O endereço respondeu HTTP 410 (Gone): não quer mais receber eventos'
        : `O endereço respondeu HTTP ${status}`;
  return detail && !(status >= 300 && status < 400) ? `${head}: ${detail}` : head;
}

const CONNECTION_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'Conexão recusada pelo servidor',
  ECONNRESET: 'A conexão foi encerrada pelo servidor',
  UND_ERR_SOCKET: 'A conexão foi encerrada pelo servidor',
  ENOTFOUND: 'Domínio não encontrado (DNS)',
  EAI_AGAIN: 'Falha temporária de DNS',
  UND_ERR_CONNECT_TIMEOUT: 'Tempo esgotado ao conectar',
  UND_ERR_HEADERS_TIMEOUT: 'Tempo esgotado esperando a resposta',
  UND_ERR_BODY_TIMEOUT: 'Tempo esgotado lendo a resposta',
  EHOSTUNREACH: 'Servidor inalcançável',
  ENETUNREACH: 'Rede inalcançável',
};

/** A failure before any answer, in Portuguese: the SSRF guard's refusal, a TLS or a network fault. */
function connectionError(err: unknown): string {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (e instanceof UnsafeWebhookUrlError) return e.message;
    if (e instanceof AggregateError) {
      const unsafe = e.errors.find((x) => x instanceof UnsafeWebhookUrlError);
      if (unsafe) return (unsafe as Error).message;
      e = e.errors[0];
      continue;
    }
    const code = (e as { code?: string }).code;
    if (code && CONNECTION_ERRORS[code]) return CONNECTION_ERRORS[code];
    if (code && /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED)/.test(code)) {
      return 'Falha no certificado TLS do servidor';
    }
    e = (e as { cause?: unknown }).cause;
  }
  const code = (err as { code?: string }).code;
  return `Falha de conexão${code ? ` (${code})` : ''}`;
}
