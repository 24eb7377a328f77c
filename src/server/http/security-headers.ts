import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * CSP hash sources ('sha256-…') of the page's inline scripts — the theme script of index.html —
 * taken from the HTML actually served, so a change to the script can never leave a stale hash.
 * Browsers hash the element's text as parsed, where CR LF has become LF
 * (https://www.w3.org/TR/CSP3/#match-element-to-source-list).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    const digest = createHash('sha256').update(body!.replace(/\r\n?/g, '\n'), 'utf8').digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

export interface SecurityHeadersOptions {
  /** HSTS only where the app is served over HTTPS, which COOKIE_SECURE declares. */
  cookieSecure?: boolean;
  /** The served index.html, whose inline scripts are allowed by hash; none without a web app. */
  indexHtml?: string;
}

/** Browser security headers on every response, API and web app alike (OWASP Secure Headers Project). */
export function securityHeaders({ cookieSecure = false, indexHtml }: SecurityHeadersOptions = {}): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(indexHtml ? inlineScriptHashes(indexHtml) : [])],
      // Radix (react-remove-scroll) and sonner insert <style> elements at run time, some with
      // computed content, so no hash or nonce can name them; scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: cookieSecure ? 'max-age=31536000; includeSubDomains' : false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      hid: [],
      midi: [],
      accelerometer: [],
      gyroscope: [],
      magnetometer: [],
      displayCapture: [],
      browsingTopics: [],
    },
  });
}
