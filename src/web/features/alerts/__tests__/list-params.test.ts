import { describe, expect, it } from 'vitest';
import { expiryBadgeText, bellLabel, unreadBadgeText } from '../alert-display';
import { hasAlertFilters, readAlertListParams, writeAlertListParams } from '../list-params';
import { DEFAULT_ALERT_LIST_STATE } from '../list-state';

const ACCOUNT = '0b6f3c1e-8d2a-4f4b-9a51-3c2d1e0f9a7b';

describe('alert list params', () => {
  it('reads the first tab, open alerts, from an empty address (the written-out default)', () => {
    expect(readAlertListParams(new URLSearchParams())).toEqual(DEFAULT_ALERT_LIST_STATE);
  });

  it('drops what the API would refuse', () => {
    expect(
      readAlertListParams(new URLSearchParams('tipo=outro&situacao=todas&program=XYZ&conta=123&de=2026-02-30&page=0')),
    ).toEqual(DEFAULT_ALERT_LIST_STATE);
  });

  it('round-trips a filtered tab and leaves the defaults out', () => {
    const written = writeAlertListParams(new URLSearchParams('other=1'), {
      kind: 'margin_critical',
      status: 'resolved',
      program: 'LATAM',
      account_id: ACCOUNT.toUpperCase(),
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      page: 2,
    });
    expect(written.toString()).toBe(
      `other=1&tipo=margin_critical&situacao=resolved&program=LATAM&conta=${ACCOUNT.toUpperCase()}&de=2026-01-01&ate=2026-01-31&page=2`,
    );
    expect(readAlertListParams(written)).toEqual({
      kind: 'margin_critical',
      status: 'resolved',
      program: 'LATAM',
      account_id: ACCOUNT,
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      page: 2,
    });
    expect(writeAlertListParams(written, { ...DEFAULT_ALERT_LIST_STATE }).toString()).toBe('other=1');
  });

  it('counts programme, account and period as filters, not the tab or open/resolved', () => {
    const none = { program: null, account_id: null, date_from: null, date_to: null };
    expect(hasAlertFilters(none)).toBe(false);
    expect(hasAlertFilters({ ...none, account_id: ACCOUNT })).toBe(true);
    expect(hasAlertFilters({ ...none, date_to: '2026-01-01' })).toBe(true);
  });
});

describe('alert display', () => {
  it.each([
    [5, 'Vence em 5 dias'],
    [1, 'Vence amanhã'],
    [0, 'Vence hoje'],
    [-1, 'Vencido há 1 dia'],
    [-3, 'Vencido há 3 dias'],
    [1200, 'Vence em 1.200 dias'],
  ])('%i days to expiry reads %s', (days, text) => {
    expect(expiryBadgeText(days)).toBe(text);
  });

  it('names the bell by its unread count', () => {
    expect(bellLabel(undefined)).toBe('Notificações');
    expect(bellLabel(0)).toBe('Notificações: nenhuma não lida');
    expect(bellLabel(1)).toBe('Notificações: 1 não lida');
    expect(bellLabel(3)).toBe('Notificações: 3 não lidas');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });
});
