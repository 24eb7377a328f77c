import { describe, expect, it } from 'vitest';
import { DEFAULT_CARD_INTEREST_PERCENT, paymentOptions } from '../payment';
import { proposalFromQuote, proposalText, routeText, type Proposal } from '../proposal';

const agency = {
  name: 'Potiguar Milhas',
  cnpj: '11444777000161',
  phone: '8433334444',
  email: 'contato@potiguarmilhas.com.br',
};

const proposal = (over: Partial<Proposal> = {}): Proposal => ({
  agency,
  client_name: 'Maria das Dores',
  route: 'NAT-GRU-NAT',
  departure_date: '2026-05-10',
  return_date: '2026-05-20',
  passengers: ['Maria das Dores', 'José da Silva'],
  price_cents: 212_000,
  payment: paymentOptions(212_000, DEFAULT_CARD_INTEREST_PERCENT),
  valid_until: '2026-03-17T17:30:00.000Z',
  notes: null,
  ...over,
});

describe('proposalText', () => {
  it('tells the client the trip, the price, how to pay and until when', () => {
    const text = proposalText(proposal());
    expect(text.split('\n')).toEqual([
      'Proposta de viagem — Potiguar Milhas',
      'Cliente: Maria das Dores',
      '',
      'Rota: NAT → GRU → NAT',
      'Ida: 10/05/2026 · Volta: 20/05/2026',
      'Passageiros (2): Maria das Dores, José da Silva',
      '',
      'Valor total: R$\u00a02.120,00',
      '',
      'Formas de pagamento:',
      '• PIX à vista: R$\u00a02.120,00',
      '• Cartão de crédito em até 3× (1ª de R$\u00a0706,68 e 2× de R$\u00a0706,66) sem juros',
      '• Cartão de crédito em 4× (1ª de R$\u00a0556,62 e 3× de R$\u00a0556,60) (total R$\u00a02.226,42)',
      '• Cartão de crédito em 5× (1ª de R$\u00a0449,66 e 4× de R$\u00a0449,65) (total R$\u00a02.248,26)',
      expect.stringMatching(/^• Cartão de crédito em 6× /),
      expect.stringMatching(/^• Cartão de crédito em 7× /),
      expect.stringMatching(/^• Cartão de crédito em 8× /),
      expect.stringMatching(/^• Cartão de crédito em 9× /),
      expect.stringMatching(/^• Cartão de crédito em 10× /),
      expect.stringMatching(/^• Cartão de crédito em 11× /),
      '• Cartão de crédito em 12× de R$\u00a0200,34 (total R$\u00a02.404,08)',
      '',
      expect.stringMatching(/^Proposta válida até 17\/03\/2026 às \d\d:30\.$/),
      'Potiguar Milhas · CNPJ 11.444.777/0001-61',
      '(84) 3333-4444 · contato@potiguarmilhas.com.br',
    ]);
  });

  it('leaves out what is not known, and bolds for WhatsApp', () => {
    const text = proposalText(
      proposal({
        client_name: null,
        return_date: null,
        passengers: ['Ana Lima'],
        notes: '1 bagagem de 23 kg por pessoa',
        price_cents: 10_000,
        payment: paymentOptions(10_000, [0]),
        agency: { name: 'Agência X' },
      }),
      { format: 'whatsapp' },
    );
    expect(text).toContain('*Proposta de viagem — Agência X*');
    expect(text).toContain('*Valor total: R$\u00a0100,00*');
    expect(text).not.toContain('Cliente:');
    expect(text).toContain('Data de embarque: 10/05/2026');
    expect(text).toContain('Passageiro: Ana Lima');
    expect(text).toContain('• Cartão de crédito à vista: R$\u00a0100,00');
    expect(text).toContain('Observações: 1 bagagem de 23 kg por pessoa');
    expect(text.trim().split('\n').at(-1)).toBe('Agência X');
  });

  it('never shows cost, CPM, markup or margin, even when the quote has them', () => {
    const quote = {
      client_name: 'Maria',
      route: 'NAT-GRU',
      departure_date: null,
      return_date: null,
      passengers: [],
      price_cents: 212_000,
      payment_options: paymentOptions(212_000, [0]),
      valid_until: '2026-03-17T17:30:00.000Z',
      notes: null,
      // What the agency keeps to itself:
      miles_cost_cents: 150_000,
      cost_per_thousand: '15.0000',
      markup_cents: 27_000,
      margin_cents: 32_000,
      margin_percent: 15.09,
    };
    const built = proposalFromQuote(quote, agency);
    expect(Object.keys(built).sort()).toEqual(
      [
        'agency',
        'client_name',
        'route',
        'departure_date',
        'return_date',
        'passengers',
        'price_cents',
        'payment',
        'valid_until',
        'notes',
      ].sort(),
    );
    const text = proposalText(built);
    for (const secret of ['1.500,00', '15,00', '270,00', '320,00', '15,09', 'margem', 'Margem', 'custo', 'CPM']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('routeText', () => {
  it.each([
    ['NAT-GRU', 'NAT → GRU'],
    ['NAT-GRU-LIS-GRU-NAT', 'NAT → GRU → LIS → GRU → NAT'],
  ])('%s', (route, text) => {
    expect(routeText(route)).toBe(text);
  });
});
