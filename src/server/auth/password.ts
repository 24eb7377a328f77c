import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters. */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/**
 * scrypt from node:crypto, memory-hard, with OWASP's equivalent setting N=2^14, r=8, p=5
 * (https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt): about
 * 200 ms of one core per hash. Stored as scrypt$N$r$p$salt$hash so the cost can be raised later
 * without breaking old hashes.
 */
export const PASSWORD_COST: PasswordCost = { N: 2 ** 14, r: 8, p: 5 };

/**
 * The same scheme at about 1 ms, for test servers only (NODE_ENV=test, the tests' apps and
 * factories): a suite that signs up and in a few hundred times would otherwise spend minutes in
 * scrypt. A hash carries its parameters, so either kind verifies under either setting.
 */
export const TEST_PASSWORD_COST: PasswordCost = { N: 2 ** 10, r: 8, p: 1 };

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...opts, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, cost: PasswordCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** The parameters part of a stored hash, scrypt$N$r$p$salt, for an account that does not exist. */
const decoyParams = (cost: PasswordCost) =>
  ['scrypt', cost.N, cost.r, cost.p, Buffer.alloc(16).toString('base64')].join('$');

/**
 * The key a password derives under stored parameters (scrypt$N$r$p$salt), base64 as stored, for
 * the database to compare (app_sign_in_finish). Unknown accounts are derived under decoy
 * parameters of the cost new hashes get, so both answers take as long.
 */
export async function deriveKey(
  password: string,
  params: string | null,
  cost: PasswordCost = PASSWORD_COST,
): Promise<string> {
  const [scheme, n, r, p, salt] = (params ?? decoyParams(cost)).split('$');
  if (scheme !== 'scrypt' || !salt) return deriveKey(password, null, cost);
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.toString('base64');
}
