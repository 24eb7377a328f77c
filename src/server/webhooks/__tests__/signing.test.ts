import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureHeaders } from '../signing';

/**
 * The Standard Webhooks test vector, as the specification's own JavaScript library tests it
 * (libraries/javascript/src/webhook.test.ts, "sign function works",
 * https://github.com/standard-webhooks/standard-webhooks).
 */
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  messageId: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: new Date(1614265330 * 1000),
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('signatureHeaders', () => {
  it('reproduces the specification’s published test vector', () => {
    expect(signatureHeaders(VECTOR)).toEqual({
      'webhook-id': VECTOR.messageId,
      'webhook-timestamp': '1614265330',
      'webhook-signature': VECTOR.signature,
    });
  });

  it('is the base64 HMAC-SHA256 of "id.timestamp.body" under the decoded secret (computed here with node:crypto)', () => {
    const secret = newWebhookSecret();
    const at = new Date('2026-03-15T12:00:00.999Z');
    const body = JSON.stringify({ type: 'emission.created', data: { nome: 'São Paulo' } });
    const mac = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`msg_1.${Math.floor(at.getTime() / 1000)}.${body}`)
      .digest('base64');
    expect(signatureHeaders({ secret, messageId: 'msg_1', timestamp: at, body })['webhook-signature']).toBe(
      `v1,${mac}`,
    );
  });

  it('verifies with the official library, and not with another secret or another body', () => {
    const secret = newWebhookSecret();
    const body = '{"type":"lot.created"}';
    const headers = signatureHeaders({ secret, messageId: 'msg_2', timestamp: new Date(), body });
    expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify('{"type":"lot.deleted"}', headers)).toThrow();
  });
});

describe('newWebhookSecret', () => {
  it('is whsec_ and the base64 of 24 random bytes, different each time', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
