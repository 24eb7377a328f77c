import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../../domain/webhooks/webhook.schema';
import { deliveryUrlRefusal, isPublicAddress, pinnedLookup, UnsafeWebhookUrlError, webhookUrlRefusal } from '../ssrf';

const M = WEBHOOK_MESSAGES;

/** DNS as a table, so no test depends on the network. */
const fakeDns =
  (table: Record<string, string[]>) =>
  (host: string, cb: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => {
    const found = table[host];
    if (!found) return cb(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
    cb(
      null,
      found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };

const DNS = fakeDns({
  'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'internal.example.com': ['10.1.2.3'],
  'metadata.example.com': ['169.254.169.254'],
  'mixed.example.com': ['93.184.215.14', '192.168.0.10'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
});

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.215.14', true],
    ['2606:4700::1111', true],
    ['::ffff:8.8.8.8', true],
    ['127.0.0.1', false],
    ['127.255.0.1', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['240.0.0.1', false],
    ['::1', false],
    ['[::1]', false],
    ['::', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['64:ff9b::a00:1', false],
    ['2002:7f00:1::', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('webhookUrlRefusal (at save)', () => {
  it.each([
    ['https://hooks.example.com/x', null],
    ['https://93.184.215.14/x', null],
    ['https://127.0.0.1/x', M.urlInternal],
    ['https://10.0.0.1/x', M.urlInternal],
    ['https://169.254.169.254/latest/meta-data', M.urlInternal],
    ['https://[::1]/x', M.urlInternal],
    ['https://[::ffff:7f00:1]/x', M.urlInternal],
    ['https://2130706433/x', M.urlInternal],
    ['https://0x7f.1/x', M.urlInternal],
    ['https://internal.example.com/x', M.urlInternal],
    ['https://metadata.example.com/x', M.urlInternal],
    ['https://mixed.example.com/x', M.urlInternal],
    ['https://mapped.example.com/x', M.urlInternal],
    ['https://nowhere.example.com/x', M.urlUnresolved],
    ['http://hooks.example.com/x', M.urlHttps],
    ['https://user:secret@hooks.example.com/x', M.urlCredentials],
    ['https://', M.urlInvalid],
    ['hooks.example.com/x', M.urlInvalid],
  ])('%s → %s', async (url, expected) => {
    expect(await webhookUrlRefusal(url, { lookup: DNS })).toBe(expected);
  });

  it('resolves a name for real: localhost is loopback', async () => {
    expect(await webhookUrlRefusal('https://localhost:8443/x')).toBe(M.urlInternal);
  });

  it('lets the allow-listed hosts of a test through, over http too, and no other', async () => {
    const allowHosts = ['127.0.0.1'];
    expect(await webhookUrlRefusal('http://127.0.0.1:9000/x', { allowHosts })).toBeNull();
    expect(await webhookUrlRefusal('https://127.0.0.1:9000/x', { allowHosts })).toBeNull();
    expect(await webhookUrlRefusal('http://localhost:9000/x', { allowHosts })).toBe(M.urlHttps);
    expect(await webhookUrlRefusal('https://localhost:9000/x', { allowHosts })).toBe(M.urlInternal);
  });
});

describe('deliveryUrlRefusal (before connecting)', () => {
  it('judges the URL and an address written in it; a name is left to the pinned lookup', () => {
    expect(deliveryUrlRefusal('https://10.0.0.1/x', [])).toBe(M.urlInternal);
    expect(deliveryUrlRefusal('http://127.0.0.1:9000/x', [])).toBe(M.urlHttps);
    expect(deliveryUrlRefusal('https://127.0.0.1:9000/x', [])).toBe(M.urlInternal);
    expect(deliveryUrlRefusal('http://127.0.0.1:9000/x', ['127.0.0.1'])).toBeNull();
    expect(deliveryUrlRefusal('https://internal.example.com/x', [])).toBeNull();
  });
});

describe('pinnedLookup (as the socket connects)', () => {
  const ask = (host: string, options: { all?: boolean; family?: number }, allowHosts: string[] = []) =>
    new Promise<{ err: Error | null; address: unknown; family?: number }>((resolve) =>
      pinnedLookup(allowHosts, DNS)(host, options, (err, address, family) => resolve({ err, address, family })),
    );

  it('hands the socket the public addresses it checked, in either callback form', async () => {
    expect((await ask('hooks.example.com', { all: true })).address).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ]);
    expect(await ask('hooks.example.com', { family: 6 })).toMatchObject({
      err: null,
      address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
      family: 6,
    });
  });

  it.each(['internal.example.com', 'metadata.example.com', 'mixed.example.com', 'mapped.example.com'])(
    'refuses %s, which resolves inside the network',
    async (host) => {
      const { err } = await ask(host, { all: true });
      expect(err).toBeInstanceOf(UnsafeWebhookUrlError);
      expect(err?.message).toBe(M.urlInternal);
    },
  );

  it('lets an allow-listed name through', async () => {
    expect((await ask('internal.example.com', { all: true }, ['internal.example.com'])).err).toBeNull();
  });
});
