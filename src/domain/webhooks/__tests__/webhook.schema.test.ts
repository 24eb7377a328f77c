import { describe, expect, it } from 'vitest';
import { zodFieldsOf } from './zod-fields';
import { WEBHOOK_MESSAGES, webhookEndpointInputSchema, webhookEndpointInputSchemaFor } from '../webhook.schema';

const valid = { url: 'https://hooks.example.com/milheiro', event_types: ['emission.created'] };

describe('webhookEndpointInputSchema', () => {
  it('takes an https URL and known events, stored once each in the list order; enabled by default', () => {
    const parsed = webhookEndpointInputSchema.parse({
      ...valid,
      url: '  https://hooks.example.com/milheiro  ',
      event_types: ['lot.created', 'emission.created', 'lot.created'],
    });
    expect(parsed).toEqual({
      url: 'https://hooks.example.com/milheiro',
      description: '',
      event_types: ['emission.created', 'lot.created'],
      enabled: true,
    });
  });

  it.each([
    [{ ...valid, url: '' }, 'url', WEBHOOK_MESSAGES.urlRequired],
    [{ ...valid, url: undefined }, 'url', WEBHOOK_MESSAGES.urlRequired],
    [{ ...valid, url: 'não é url' }, 'url', WEBHOOK_MESSAGES.urlInvalid],
    [{ ...valid, url: 'https://' }, 'url', WEBHOOK_MESSAGES.urlInvalid],
    [{ ...valid, url: 'http://hooks.example.com/x' }, 'url', WEBHOOK_MESSAGES.urlHttps],
    [{ ...valid, url: 'ftp://hooks.example.com/x' }, 'url', WEBHOOK_MESSAGES.urlHttps],
    [{ ...valid, url: 'https://user:pass@hooks.example.com/x' }, 'url', WEBHOOK_MESSAGES.urlCredentials],
    [{ ...valid, url: `https://example.com/${'a'.repeat(2000)}` }, 'url', WEBHOOK_MESSAGES.urlTooLong],
    [{ ...valid, description: 'x'.repeat(201) }, 'description', WEBHOOK_MESSAGES.descriptionTooLong],
    [{ ...valid, event_types: [] }, 'event_types', WEBHOOK_MESSAGES.eventsRequired],
    [{ ...valid, event_types: undefined }, 'event_types', WEBHOOK_MESSAGES.eventsRequired],
    [
      { ...valid, event_types: ['emission.created', 'lot.exploded'] },
      'event_types',
      'Evento desconhecido: lot.exploded',
    ],
    [{ ...valid, event_types: ['alert.read'] }, 'event_types', 'Evento desconhecido: alert.read'],
    [{ ...valid, enabled: 'sim' }, 'enabled', WEBHOOK_MESSAGES.enabledInvalid],
  ])('refuses %j on %s', (input, field, message) => {
    expect(zodFieldsOf(webhookEndpointInputSchema, input)[field]).toBe(message);
  });

  it('takes http only for the allow-listed hosts of a test server', () => {
    const forTests = webhookEndpointInputSchemaFor(['127.0.0.1']);
    expect(forTests.safeParse({ ...valid, url: 'http://127.0.0.1:8080/hook' }).success).toBe(true);
    expect(zodFieldsOf(forTests, { ...valid, url: 'http://localhost:8080/hook' }).url).toBe(WEBHOOK_MESSAGES.urlHttps);
  });
});
