import { createTransport } from 'nodemailer';
import type { RenderedEmail } from './templates/render-email';

/**
 * Connecting, the greeting and each later wait: a hanging server costs one attempt this long (twice
 * for an idle socket), never a request.
 */
export const SMTP_TIMEOUT_MS = 10_000;

export interface OutgoingEmail extends RenderedEmail {
  id: string;
  to: string;
  /** Files sent with it (a proposal's PDF). */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
}

/** Sends one message; rejects with nodemailer's error (see describeSmtpFailure). */
export type SendMail = (email: OutgoingEmail) => Promise<void>;

/**
 * A sender over `smtpUrl` (smtp:// or smtps://, credentials in the URL). The Message-ID is the
 * outbox row's, so a message sent twice (a lease that ran out mid-send) is one message to the
 * mail clients that deduplicate; Auto-Submitted tells auto-responders not to answer (RFC 3834).
 */
export function smtpSender({
  smtpUrl,
  from,
  timeoutMs = SMTP_TIMEOUT_MS,
}: {
  smtpUrl: string;
  from: string;
  timeoutMs?: number;
}): SendMail {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    // Longer than the greeting's, so a server that never greets is reported as such: with equal
    // timers the idle-socket one can fire first on a busy machine.
    socketTimeout: timeoutMs * 2,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'milheiro.app';
  return async (email) => {
    await transport.sendMail({
      from,
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId: `<${email.id}@${domain}>`,
      attachments: email.attachments?.map((a) => ({
        filename: a.filename,
        content: Buffer.from(a.content),
        contentType: a.contentType,
      })),
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  };
}

export interface SmtpFailure {
  /** What the admin reads in the outbox, in Portuguese. */
  message: string;
  /** The server refused this message for good (5xx but 503): trying again would get the same answer. */
  permanent: boolean;
  /** The server itself failed (unreachable, silent, credentials): the next messages would fail alike. */
  serverDown: boolean;
}

interface MailError {
  code?: string;
  command?: string;
  response?: string;
  responseCode?: number;
  permanent?: boolean;
  originalCode?: string;
  timeoutType?: string;
  message?: string;
}

const TIMEOUTS: Record<string, string> = {
  CONNECT_TIMEOUT: 'Tempo esgotado ao conectar ao servidor SMTP',
  GREETING_TIMEOUT: 'Tempo esgotado: o servidor SMTP aceitou a conexão mas não respondeu à saudação',
  UPGRADE_TIMEOUT: 'Tempo esgotado ao iniciar a conexão segura (TLS) com o servidor SMTP',
  SOCKET_TIMEOUT: 'Tempo esgotado: o servidor SMTP parou de responder',
};

const clip = (s: string, max = 300) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** Nodemailer's error as the outbox records it, and whether trying again can help. */
export function describeSmtpFailure(err: unknown): SmtpFailure {
  const e = (typeof err === 'object' && err ? err : {}) as MailError;
  const down = (message: string): SmtpFailure => ({ message, permanent: false, serverDown: true });
  switch (e.code) {
    case 'ETIMEDOUT':
      return down(TIMEOUTS[e.timeoutType ?? ''] ?? 'Tempo esgotado ao falar com o servidor SMTP');
    case 'EAUTH':
    case 'ENOAUTH':
      // A credentials problem is the configuration's, not the message's: retried until fixed.
      return down(`O servidor SMTP recusou as credenciais de SMTP_URL${e.response ? ` (${clip(e.response)})` : ''}`);
    case 'ETLS':
      return down('Falha na conexão segura (TLS) com o servidor SMTP');
    case 'EDNS':
      return down('Endereço do servidor SMTP não encontrado (DNS)');
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'EPROXY':
      return down(`Não foi possível conectar ao servidor SMTP${e.originalCode ? ` (${e.originalCode})` : ''}`);
  }
  if (typeof e.responseCode === 'number') {
    const permanent = e.permanent ?? (e.responseCode >= 500 && e.responseCode !== 503);
    const what = e.command?.startsWith('RCPT') || e.code === 'EENVELOPE' ? 'o destinatário' : 'a mensagem';
    const reply = clip(e.response ?? String(e.responseCode));
    return {
      message: permanent
        ? `O servidor SMTP recusou ${what} definitivamente: ${reply}`
        : `O servidor SMTP recusou ${what} temporariamente: ${reply}`,
      permanent,
      serverDown: false,
    };
  }
  return {
    message: `Falha ao enviar o e-mail: ${clip(e.message ?? String(err))}`,
    permanent: false,
    serverDown: false,
  };
}
