import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { appOptionsFromEnv } from '../../server';
import { deriveKey, hashPassword, PASSWORD_COST, TEST_PASSWORD_COST, verifyPassword } from '../password';

// Test servers hash at TEST_PASSWORD_COST (about 1 ms); what production runs is pinned here.
describe('password hashing', () => {
  it("hashes at OWASP's scrypt cost unless told otherwise, and verifies what it hashed", async () => {
    const stored = await hashPassword('Senha forte 123');
    expect(stored).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('Senha forte 123', stored)).toBe(true);
    expect(await verifyPassword('Senha forte 124', stored)).toBe(false);
  });

  it('a hash carries its cost, so a cheap one verifies wherever it is read, and a wrong password still fails', async () => {
    const cheap = await hashPassword('Senha forte 123', TEST_PASSWORD_COST);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Senha forte 123', cheap)).toBe(true);
    expect(await verifyPassword('senha forte 123', cheap)).toBe(false);
    const params = cheap.split('$').slice(0, 5).join('$');
    expect(await deriveKey('Senha forte 123', params)).toBe(cheap.split('$')[5]);
  });

  it('an unknown account derives under decoy parameters of the cost new hashes get', async () => {
    const zeroSalt = Buffer.alloc(16).toString('base64');
    expect(await deriveKey('qualquer', null)).toBe(await deriveKey('qualquer', `scrypt$16384$8$5$${zeroSalt}`));
    expect(await deriveKey('qualquer', null, TEST_PASSWORD_COST)).toBe(
      await deriveKey('qualquer', `scrypt$1024$8$1$${zeroSalt}`),
    );
  });

  it('only a server run with NODE_ENV=test hashes cheaply', () => {
    expect(PASSWORD_COST).toEqual({ N: 2 ** 14, r: 8, p: 5 });
    expect(appOptionsFromEnv(loadEnv({ NODE_ENV: 'production' })).passwordCost).toEqual(PASSWORD_COST);
    expect(appOptionsFromEnv(loadEnv({ NODE_ENV: 'development' })).passwordCost).toEqual(PASSWORD_COST);
    expect(appOptionsFromEnv(loadEnv({})).passwordCost).toEqual(PASSWORD_COST);
    expect(appOptionsFromEnv(loadEnv({ NODE_ENV: 'test' })).passwordCost).toEqual(TEST_PASSWORD_COST);
  });
});
