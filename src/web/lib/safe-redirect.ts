import { SIGN_IN_PATH } from '@/config/constants';

/**
 * The `redirect` query parameter of the sign-in page, accepted only when it is a path on this site:
 * starts with "/" but not "//" or "/\" (both are protocol-relative URLs to browsers), no control
 * characters, and not the sign-in page itself. Anything else falls back to "/".
 * https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/')) return '/';
  if (value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  const pathname = value.split(/[?#]/)[0] ?? '/';
  if (pathname === SIGN_IN_PATH) return '/';
  return value;
}

/** Sign-in URL that brings the user back to `returnTo` afterwards. */
export function signInPathFor(returnTo: string): string {
  const target = safeRedirectPath(returnTo);
  return target === '/' ? SIGN_IN_PATH : `${SIGN_IN_PATH}?redirect=${encodeURIComponent(target)}`;
}
