import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP as TotpGenerator } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, TOTP } from '../../domain/auth/two-factor.schema';

/** A new secret: 20 random bytes (RFC 4226 §4 recommends 160 bits), base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '') =>
  new TotpGenerator({
    issuer: TOTP.issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.period,
  });

/** The time step of an instant (RFC 6238 §4: floor(unix seconds / 30)). */
export const totpStepAt = (ms: number) => Math.floor(ms / 1000 / TOTP.period);

/** The code of an instant: the tests' and the e2e's clock. */
export const totpCodeAt = (secret: string, ms: number) => totpOf(secret).generate({ timestamp: ms });

/**
 * The step a code belongs to, within one step of now either way; null when it matches none. The
 * database accepts it only if it is later than the last step accepted (app_mfa_finish), so a code
 * is never used twice.
 */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP.window });
  return delta === null ? null : totpStepAt(now) + delta;
}

/** The otpauth:// URL (Key URI Format) an authenticator app reads, its QR code, and the key for typing. */
export async function totpEnrolment(secret: string, label: string) {
  const otpauthUrl = totpOf(secret, label).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return {
    otpauth_url: otpauthUrl,
    qr_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    manual_key: secret.replace(/(.{4})(?=.)/g, '$1 '),
  };
}

// Lower-case letters and digits without the look-alikes 0/o, 1/l/i.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of 10 characters (about 49 bits each), shown as xxxxx-xxxxx. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: the SHA-256 of its normalised form (recoveryCodeSchema's). */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
