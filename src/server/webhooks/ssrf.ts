import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES, webhookUrlProblem } from '../../domain/webhooks/webhook.schema';

// Server-side request forgery guard (OWASP SSRF Prevention Cheat Sheet; Standard Webhooks
// "Server side request forgery"): a webhook may only reach public unicast addresses. Checked when
// an endpoint is saved and again at every delivery, where the connection goes to the very address
// that was checked (pinnedLookup), so a DNS answer that changes in between cannot slip through.

/** A refusal with the Portuguese message the endpoint form or the deliveries log shows. */
export class UnsafeWebhookUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeWebhookUrlError';
  }
}

/**
 * Whether an IP address is public unicast. Everything ipaddr.js classes otherwise is refused:
 * loopback, private (10/8, 172.16/12, 192.168/16), unique local fc00::/7, link-local (169.254/16
 * with the cloud metadata address 169.254.169.254, fe80::/10), CGNAT 100.64/10, unspecified,
 * multicast, broadcast, reserved, and the IPv6 forms that carry an IPv4 address (6to4, NAT64,
 * Teredo); an IPv4-mapped IPv6 address is judged as its IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.process(bare).range() === 'unicast';
}

type Lookup = (
  hostname: string,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemLookup: Lookup = (hostname, callback) => dnsLookup(hostname, { all: true, verbatim: true }, callback);

const isAllowed = (hostname: string, allowHosts: readonly string[]) => allowHosts.includes(hostname.toLowerCase());

/** The URL's host as a bare name or address (`[::1]` → `::1`). */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

export interface WebhookUrlCheck {
  /** Hosts a test may reach although private, and over http (deps.webhookAllowHosts). */
  allowHosts?: readonly string[];
  /** Tests stand in for DNS. */
  lookup?: Lookup;
  /** How long DNS may take at save. */
  timeoutMs?: number;
}

/**
 * Why a URL may not be an endpoint, or null: its text (https, a host, no credentials), then every
 * address its host resolves to. Used when an endpoint is saved.
 */
export async function webhookUrlRefusal(raw: string, options: WebhookUrlCheck = {}): Promise<string | null> {
  const allowHosts = options.allowHosts ?? [];
  const problem = webhookUrlProblem(raw, allowHosts);
  if (problem) return problem;
  const url = new URL(raw);
  const host = hostOf(url);
  if (isAllowed(url.hostname, allowHosts)) return null;
  if (isIP(host)) return isPublicAddress(host) ? null : WEBHOOK_MESSAGES.urlInternal;
  try {
    const addresses = await resolveWithTimeout(host, options.lookup ?? systemLookup, options.timeoutMs ?? 5000);
    return addresses.every((a) => isPublicAddress(a.address)) ? null : WEBHOOK_MESSAGES.urlInternal;
  } catch {
    return WEBHOOK_MESSAGES.urlUnresolved;
  }
}

/**
 * The same check on the URL's text, before a delivery connects: an address written in the URL
 * never goes through DNS, so it is judged here; a name is judged by pinnedLookup as it connects.
 */
export function deliveryUrlRefusal(raw: string, allowHosts: readonly string[]): string | null {
  const problem = webhookUrlProblem(raw, allowHosts);
  if (problem) return problem;
  const url = new URL(raw);
  if (isAllowed(url.hostname, allowHosts)) return null;
  const host = hostOf(url);
  return isIP(host) && !isPublicAddress(host) ? WEBHOOK_MESSAGES.urlInternal : null;
}

function resolveWithTimeout(host: string, lookup: Lookup, timeoutMs: number): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('DNS timeout')), timeoutMs);
    lookup(host, (err, addresses) => {
      clearTimeout(timer);
      if (err || addresses.length === 0) reject(err ?? new Error('no address'));
      else resolve(addresses);
    });
  });
}

type NetLookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` a delivery's socket connects through (net.connect / tls.connect option): resolves
 * the name, refuses it unless every address is public (an answer mixing a public and a private
 * address is refused), and hands the socket exactly those addresses.
 */
export function pinnedLookup(allowHosts: readonly string[], lookup: Lookup = systemLookup) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: NetLookupCallback) => {
    lookup(hostname, (err, found) => {
      if (err) return callback(err, []);
      const wanted =
        options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
      if (wanted.length === 0) {
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      }
      if (!isAllowed(hostname, allowHosts) && !wanted.every((a) => isPublicAddress(a.address))) {
        return callback(new UnsafeWebhookUrlError(WEBHOOK_MESSAGES.urlInternal), []);
      }
      if (options.all) return callback(null, wanted);
      callback(null, wanted[0]!.address, wanted[0]!.family);
    });
  };
}
