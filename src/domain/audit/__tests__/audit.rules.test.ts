import { describe, expect, it } from 'vitest';
import { isValidCpf } from '../../documents';
import { auditChangeLines, auditChangesText, auditExportRow, diffFields, formatAuditValue } from '../audit.rules';
import { anonymizedClientName, auditAreaOf, lgpdExportFileName, sameName } from '../audit.schema';
import { pseudonymCpf } from '../lgpd.rules';

describe('diffFields', () => {
  it.each([
    ['nothing changed', { a: 1, b: 'x' }, { a: 1, b: 'x' }, null],
    ['one field', { a: 1, b: 'x' }, { a: 2, b: 'x' }, { a: [1, 2] }],
    ['undefined reads as null', { a: undefined, b: 'x' }, { a: null, b: 'x' }, null],
    ['to null', { a: 'x', b: 'x' }, { a: null, b: 'x' }, { a: ['x', null] }],
    ['arrays by content', { a: ['vip'], b: 1 }, { a: ['vip'], b: 1 }, null],
    ['arrays changed', { a: ['vip'], b: 1 }, { a: ['vip', 'corp'], b: 1 }, { a: [['vip'], ['vip', 'corp']] }],
    ['bigint as number', { a: 10n, b: 1 }, { a: 11, b: 1 }, { a: [10, 11] }],
  ] as const)('%s', (_name, before, after, expected) => {
    expect(diffFields<Record<string, unknown>>(before, after, ['a', 'b'])).toEqual(expected);
  });

  it('only the fields listed, in their order', () => {
    expect(diffFields({ a: 1, b: 2, secret: 'x' }, { a: 3, b: 4, secret: 'y' }, ['b', 'a'])).toEqual({
      b: [2, 4],
      a: [1, 3],
    });
  });

  it('a missing record: every listed field that has a value', () => {
    expect(diffFields(null, { a: 1, b: null }, ['a', 'b'])).toEqual({ a: [null, 1] });
  });
});

describe('how a change reads', () => {
  it.each([
    ['lot_updated', 'total_cost_cents', 155000, 'R$\u00a01.550,00'],
    ['entry_updated', 'amount_cents', -123456, 'R$\u00a01.234,56'],
    ['lot_updated', 'expiry_date', '2027-03-01', '01/03/2027'],
    ['client_updated', 'status', 'blocked', 'Bloqueado'],
    ['emission_issue', 'status', 'issued', 'Emitida'],
    ['quote_sent', 'status', 'sent', 'Enviada'],
    ['lot_updated', 'status', 'expired', 'Expirado'],
    ['client_updated', 'document', '52998224725', '529.982.247-25'],
    ['client_updated', 'phone', '84998765432', '(84) 99876-5432'],
    ['client_updated', 'tags', ['vip', 'corp'], 'vip, corp'],
    ['client_updated', 'tags', [], '—'],
    ['client_updated', 'email', null, '—'],
    ['webhook_updated', 'enabled', false, 'Não'],
    ['lot_updated', 'original_quantity', 120000, '120.000'],
    ['entry_updated', 'category', 'fees', 'Taxas'],
    ['lot_updated', 'program', 'LATAM', 'LATAM Pass'],
  ] as const)('%s %s %j → %s', (kind, field, value, text) => {
    expect(formatAuditValue(kind, field, value)).toBe(text);
  });

  it('field by field, labelled; as one text for the CSV', () => {
    const changes = { name: ['José', 'José da Silva'], birth_date: [null, '1985-07-20'] } as Record<
      string,
      [unknown, unknown]
    >;
    expect(auditChangeLines('client_updated', changes)).toEqual([
      { field: 'name', label: 'Nome', before: 'José', after: 'José da Silva' },
      { field: 'birth_date', label: 'Nascimento', before: '—', after: '20/07/1985' },
    ]);
    expect(auditChangesText('client_updated', changes)).toBe('Nome: José → José da Silva; Nascimento: — → 20/07/1985');
    expect(auditChangesText('client_created', null)).toBe('');
  });

  it('an export row', () => {
    expect(
      auditExportRow({
        when: '15/03/2026 10:07',
        kind: 'lots_deleted',
        user_name: 'Ana',
        description: '3 lotes excluídos',
        changes: null,
        ip: null,
      }),
    ).toEqual(['15/03/2026 10:07', 'Ana', 'Lotes', '3 lotes excluídos', '', '']);
  });
});

describe('areas', () => {
  it.each([
    ['client_updated', 'clients'],
    ['clients_deleted', 'clients'],
    ['lots_expired', 'lots'],
    ['credits_credited', 'lots'],
    ['sale_instalment_reopened', 'lots'],
    ['card_instalment_paid', 'finance'],
    ['entries_posted', 'finance'],
    ['entry_created', 'finance'],
    ['emission_created', 'emissions'],
    ['rule_deleted', 'rules'],
    ['user_role_changed', 'team'],
    ['invitation_sent', 'team'],
    ['agency_updated', 'settings'],
    ['settings_updated', 'settings'],
    ['import_undone', 'imports'],
    ['quote_created', 'quotes'],
    ['webhook_secret_rotated', 'webhooks'],
    ['lgpd_anonymize', 'lgpd'],
    ['something_else', null],
  ])('%s → %s', (kind, area) => {
    expect(auditAreaOf(kind)).toBe(area);
  });
});

describe('LGPD', () => {
  it('a stand-in CPF: 11 digits, never a valid CPF, the same for the same hash', () => {
    const hashes = Array.from({ length: 200 }, (_, i) => i.toString(16).padStart(4, '0').padEnd(64, 'a'));
    for (const hash of hashes) {
      const stand = pseudonymCpf(hash);
      expect(stand).toMatch(/^\d{11}$/);
      expect(isValidCpf(stand)).toBe(false);
      expect(pseudonymCpf(hash)).toBe(stand);
    }
    expect(new Set(hashes.map(pseudonymCpf)).size).toBe(hashes.length);
    expect(() => pseudonymCpf('not a hash')).toThrow(TypeError);
  });

  it('names: compared as read; the anonymised one; the file name', () => {
    expect(sameName('  maria conceicao   SOUZA ', 'Maria Conceição Souza')).toBe(true);
    expect(sameName('Maria Souza', 'Maria Conceição Souza')).toBe(false);
    expect(anonymizedClientName('3f2a9c1b-0000-4000-8000-000000000000')).toBe('Cliente anonimizado 3f2a9c1b');
    expect(lgpdExportFileName('José da Silva & Cia', '2026-11-27')).toBe(
      'lgpd-cliente-jose-da-silva-cia-2026-11-27.json',
    );
    expect(lgpdExportFileName('!!!', '2026-11-27')).toBe('lgpd-cliente-cliente-2026-11-27.json');
  });
});
