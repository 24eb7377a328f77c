import { describe, expect, it } from 'vitest';
import { describeSmtpFailure } from '../smtp';
import { EmailTemplateError, renderEmail } from '../templates/render-email';

/**
 * The templates (Portuguese, accents, the agency's name, links into the app, a plain-text part) and
 * how an SMTP failure reads in the outbox and whether it is tried again. No database.
 */
const context = { agencyName: 'Turismo São João', appUrl: 'https://milheiro.example.com/' };

const lotItem = {
  id: 'a1',
  kind: 'lot_expiring',
  kind_label: 'Expiração',
  message: 'Lote SM-900: 50000 milhas vencem em 25/03/2026',
  link: '/lotes/l1',
  expiry_date: '2026-03-25',
  margin_cents: null,
  revenue_cents: null,
};
const marginItem = {
  id: 'a2',
  kind: 'margin_critical',
  kind_label: 'Margem Crítica',
  message: 'Emissão ABC123 com margem abaixo do mínimo do programa',
  link: '/emissoes/e1',
  expiry_date: null,
  margin_cents: -1050,
  revenue_cents: 100_000,
};

describe('alerts', () => {
  it('names the one alert in the subject, or counts them', async () => {
    const one = await renderEmail({ template: 'alerts', data: { user_name: 'José', alerts: [marginItem] } }, context);
    expect(one.subject).toBe('Novo alerta: Margem Crítica');
    expect(one.text).toContain('Olá, José.');
    expect(one.text).toContain('Um novo alerta foi aberto em Turismo São João:');
    expect(one.text).toContain('Margem: -R$\u00a010,50 (-1,1% da receita)');
    expect(one.text).toContain('Ver emissão https://milheiro.example.com/emissoes/e1');
    expect(one.text).toContain('https://milheiro.example.com/config?tab=notificacoes');
    expect(one.html).toContain('lang="pt-BR"');
    expect(one.html).toContain('Turismo São João');

    const many = await renderEmail(
      {
        template: 'alerts',
        data: { user_name: 'Maria da Graça', alerts: [lotItem, marginItem, { ...marginItem, id: 'a3' }] },
      },
      context,
    );
    expect(many.subject).toBe('3 novos alertas no Milheiro');
    expect(many.text).toContain('Olá, Maria.');
    expect(many.text).toContain('Vencimento: 25/03/2026');
    expect(many.text).toContain('Ver lote https://milheiro.example.com/lotes/l1');
  });

  it('lists the first 20 of a scan that opened many, and counts the rest', async () => {
    const alerts = Array.from({ length: 23 }, (_, i) => ({ ...lotItem, id: `l${i}`, message: `Lote nº ${i + 1}` }));
    const { subject, text } = await renderEmail({ template: 'alerts', data: { user_name: 'Ana', alerts } }, context);
    expect(subject).toBe('23 novos alertas no Milheiro');
    expect(text).toContain('Lote nº 20');
    expect(text).not.toContain('Lote nº 21');
    expect(text).toContain('E mais 3 alertas no Centro de Alertas.');
  });

  it('escapes what the data carries', async () => {
    const { html } = await renderEmail(
      { template: 'alerts', data: { user_name: '<b>Zé</b>', alerts: [{ ...lotItem, message: '<script>x</script>' }] } },
      context,
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('alerts.digest', () => {
  it('dates the summary and marks what already resolved', async () => {
    const digest = await renderEmail(
      {
        template: 'alerts.digest',
        data: {
          user_name: 'Inês',
          day: '2026-03-16',
          since: '2026-03-15T11:00:00Z',
          until: '2026-03-16T11:00:00Z',
          alerts: [
            { ...lotItem, opened_on: '2026-03-15', resolved: false },
            { ...marginItem, opened_on: '2026-03-15', resolved: true },
          ],
        },
      },
      context,
    );
    expect(digest.subject).toBe('Resumo diário: 2 alertas em 16/03/2026');
    expect(digest.text).toContain('Desde o último resumo, 2 alertas foram abertos em Turismo São João:');
    expect(digest.text).toContain('Margem Crítica (já resolvido)');
    expect(digest.text).toContain('Aberto em 15/03/2026');
  });
});

describe('webhook.disabled', () => {
  it('says which endpoint stopped and why', async () => {
    const email = await renderEmail(
      {
        template: 'webhook.disabled',
        data: { endpoint_id: 'w1', url: 'https://erp.example.com/hooks?x=1', reason: 'Falhando há 3 dias' },
      },
      context,
    );
    expect(email.subject).toBe('Webhook desativado: erp.example.com');
    expect(email.text).toContain('O Milheiro deixou de enviar eventos de Turismo São João para este endereço:');
    expect(email.text).toContain('https://erp.example.com/hooks?x=1');
    expect(email.text).toContain('Motivo: Falhando há 3 dias');
    expect(email.html).toContain('href="https://milheiro.example.com/config?tab=webhooks"');
  });
});

describe('rows that cannot be rendered', () => {
  it('are refused with the reason', async () => {
    await expect(renderEmail({ template: 'boas-vindas', data: {} }, context)).rejects.toThrow(
      new EmailTemplateError('Modelo de e-mail desconhecido: boas-vindas'),
    );
    await expect(renderEmail({ template: 'webhook.disabled', data: { url: 'x' } }, context)).rejects.toThrow(
      /^Dados inválidos para o modelo de e-mail webhook.disabled \(endpoint_id: /,
    );
    await expect(
      renderEmail(
        { template: 'alerts', data: { user_name: 'A', alerts: [{ ...lotItem, link: 'https://mal.example' }] } },
        context,
      ),
    ).rejects.toBeInstanceOf(EmailTemplateError);
  });
});

describe('SMTP failures', () => {
  it.each([
    [
      {
        code: 'EENVELOPE',
        command: 'RCPT TO',
        responseCode: 550,
        response: '550 5.1.1 Usuário inexistente',
        permanent: true,
      },
      {
        message: 'O servidor SMTP recusou o destinatário definitivamente: 550 5.1.1 Usuário inexistente',
        permanent: true,
        serverDown: false,
      },
    ],
    [
      { code: 'EMESSAGE', command: 'DATA', responseCode: 451, response: '451 Tente depois' },
      {
        message: 'O servidor SMTP recusou a mensagem temporariamente: 451 Tente depois',
        permanent: false,
        serverDown: false,
      },
    ],
    [
      { code: 'EPROTOCOL', command: 'MAIL FROM', responseCode: 503, response: '503 Bad sequence' },
      {
        message: 'O servidor SMTP recusou a mensagem temporariamente: 503 Bad sequence',
        permanent: false,
        serverDown: false,
      },
    ],
    [
      { code: 'ETIMEDOUT', timeoutType: 'CONNECT_TIMEOUT' },
      { message: 'Tempo esgotado ao conectar ao servidor SMTP', permanent: false, serverDown: true },
    ],
    [
      { code: 'ESOCKET', originalCode: 'ECONNREFUSED' },
      { message: 'Não foi possível conectar ao servidor SMTP (ECONNREFUSED)', permanent: false, serverDown: true },
    ],
    [
      { code: 'EAUTH', responseCode: 535, response: '535 Credenciais inválidas', permanent: true },
      {
        message: 'O servidor SMTP recusou as credenciais de SMTP_URL (535 Credenciais inválidas)',
        permanent: false,
        serverDown: true,
      },
    ],
    [
      new Error('algo estranho'),
      { message: 'Falha ao enviar o e-mail: algo estranho', permanent: false, serverDown: false },
    ],
  ])('%o', (err, expected) => {
    expect(describeSmtpFailure(err)).toEqual(expected);
  });
});
