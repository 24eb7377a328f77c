import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * An endpoint's signing secret as Standard Webhooks serialises it: `whsec_` and the base64 of 24
 * random bytes (192 bits, the specification's minimum for HMAC-SHA256).
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * The three headers of one attempt (https://www.standardwebhooks.com, "Webhook headers"):
 * `webhook-signature` is `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the
 * secret's decoded bytes, computed by the specification's own library. The timestamp is the
 * attempt's, so each retry is signed anew while the id stays the message's.
 */
export function signatureHeaders({
  secret,
  messageId,
  timestamp,
  body,
}: {
  secret: string;
  messageId: string;
  timestamp: Date;
  body: string;
}): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, timestamp, body),
  };
}
