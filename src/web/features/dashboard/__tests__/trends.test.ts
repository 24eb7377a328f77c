import { describe, expect, it } from 'vitest';
import { attentionTrend, costTrend, costPerMile, dashboardKpis, flowTrend, KPI_COUNT, profitTitle } from '../trends';
import { dashboardFixture } from './fixture';

const vs = 'vs. mês anterior';

describe('flowTrend', () => {
  it.each([
    // current, previous, kind, tone, label
    [225, 200, 'up', 'good', '+12,5% vs. mês anterior'],
    [175, 200, 'down', 'bad', '−12,5% vs. mês anterior'],
    [200, 200, 'neutral', 'neutral', 'Sem variação vs. mês anterior'],
    [5, 0, 'up', 'good', 'Novo no período'],
    [-5, 0, 'down', 'bad', 'Sem base no período anterior'],
    [0, 0, 'neutral', 'neutral', 'Sem dados do período anterior'],
    [0, 10, 'down', 'bad', '−100,0% vs. mês anterior'],
    // A loss turning into a profit: the change is measured against the loss's size.
    [50, -100, 'up', 'good', '+150,0% vs. mês anterior'],
    [-150, -100, 'down', 'bad', '−50,0% vs. mês anterior'],
    [12_345, 1, 'up', 'good', '+1.234.400,0% vs. mês anterior'],
  ] as const)('%d against %d: %s', (current, previous, kind, tone, label) => {
    expect(flowTrend(current, previous, { vs })).toEqual({ kind, tone, label });
  });

  it('names what it compares when the card shows another figure', () => {
    expect(flowTrend(6, 4, { vs, subject: 'Compras' }).label).toBe('Compras: +50,0% vs. mês anterior');
    expect(flowTrend(4, 4, { vs, subject: 'Novos' }).label).toBe('Novos: sem variação vs. mês anterior');
    expect(flowTrend(4, 0, { vs, subject: 'Novos' }).label).toBe('Novo no período');
  });

  it('reads a fall as good where less is better', () => {
    expect(flowTrend(90, 100, { vs, upIsGood: false })).toMatchObject({ kind: 'down', tone: 'good' });
    expect(flowTrend(110, 100, { vs, upIsGood: false })).toMatchObject({ kind: 'up', tone: 'bad' });
  });
});

describe('costTrend', () => {
  it('compares the purchase cost per thousand, cheaper being good', () => {
    expect(costTrend('19.0000', '20.0000', vs)).toEqual({
      kind: 'down',
      tone: 'good',
      label: 'Custo das compras: −5,0% vs. mês anterior',
    });
    expect(costTrend('21.0000', '20.0000', vs)).toMatchObject({ kind: 'up', tone: 'bad' });
  });

  it('says when a period bought nothing', () => {
    expect(costTrend(null, '20.0000', vs)).toEqual({
      kind: 'neutral',
      tone: 'neutral',
      label: 'Sem compras no período',
    });
    expect(costTrend('20.0000', null, vs)).toEqual({
      kind: 'neutral',
      tone: 'neutral',
      label: 'Sem compras no período anterior',
    });
  });
});

describe('attentionTrend', () => {
  const labels = { warning: 'Vencem em até 30 dias', none: 'Nenhum vence em 30 dias' };
  it('warns above zero, in the severity asked', () => {
    expect(attentionTrend(2, labels)).toEqual({ kind: 'warning', tone: 'warning', label: labels.warning });
    expect(attentionTrend(1, labels, 'bad')).toEqual({ kind: 'warning', tone: 'bad', label: labels.warning });
    expect(attentionTrend(0, labels)).toEqual({ kind: 'neutral', tone: 'neutral', label: labels.none });
  });
});

describe('dashboardKpis', () => {
  it('gives the seven cards in the spec order, the last three secondary, each with its list', () => {
    const kpis = dashboardKpis(dashboardFixture());
    expect(kpis).toHaveLength(KPI_COUNT);
    expect(kpis.map((k) => k.title)).toEqual([
      'Saldo Total de Milhas',
      'Lucro Mensal',
      'Emissões Ativas',
      'Total de Clientes',
      'Custo Médio por Milha',
      'Lotes Expirando',
      'Alertas Pendentes',
    ]);
    expect(kpis.map((k) => k.secondary)).toEqual([false, false, false, false, true, true, true]);
    expect(kpis.map((k) => k.href)).toEqual([
      '/lotes?status=available',
      '/financeiro?de=2026-11-01&ate=2026-11-30',
      '/emissoes?de=2026-11-01&ate=2026-11-30',
      '/clientes?status=active',
      '/lotes?status=available',
      '/lotes?status=available',
      '/alertas',
    ]);
  });

  it('shows the figures in pt-BR with their trends and what they count', () => {
    const byKey = Object.fromEntries(dashboardKpis(dashboardFixture()).map((k) => [k.key, k]));
    expect(byKey.miles).toMatchObject({
      value: '125.000',
      trend: { kind: 'up', tone: 'good', label: 'Compras: +25,0% vs. mês anterior' },
      hint: '50.000 milhas compradas no período',
    });
    expect(byKey.profit).toMatchObject({
      value: 'R$\u00a01.500,00',
      trend: { kind: 'down', tone: 'bad', label: '−25,0% vs. mês anterior' },
      hint: 'Receita de R$\u00a010.000,00 no período',
    });
    expect(byKey.emissions).toMatchObject({
      value: '12',
      trend: { kind: 'neutral', label: 'Criadas: sem variação vs. mês anterior' },
      hint: '3 criadas no período',
    });
    expect(byKey.clients).toMatchObject({
      value: '41',
      trend: { kind: 'up', label: 'Novo no período' },
      hint: '2 novos no período',
    });
    expect(byKey.cost).toMatchObject({
      value: 'R$\u00a00,0205',
      trend: { kind: 'down', tone: 'good' },
      hint: 'R$\u00a020,51 o milheiro, ponderado pelo saldo',
    });
    expect(byKey.expiring).toMatchObject({
      value: '2',
      trend: { kind: 'warning', tone: 'warning', label: 'Vencem em até 30 dias' },
      hint: '20.000 milhas, R$\u00a0360,00 de custo',
      highlight: 'warning',
    });
    expect(byKey.alerts).toMatchObject({
      value: '0',
      trend: { kind: 'neutral', label: 'Nenhum alerta não lido' },
      hint: '1 aberto no período',
      highlight: null,
    });
  });

  it('highlights unread alerts in red, and follows the agency’s expiry window', () => {
    const byKey = Object.fromEntries(
      dashboardKpis(dashboardFixture({ kpis: { pending_alerts: 3, lots_expiring: 0, lots_expiring_days: 45 } })).map(
        (k) => [k.key, k],
      ),
    );
    expect(byKey.alerts).toMatchObject({ value: '3', trend: { kind: 'warning', tone: 'bad' }, highlight: 'danger' });
    expect(byKey.expiring).toMatchObject({
      trend: { kind: 'neutral', label: 'Nenhum vence em 45 dias' },
      hint: 'Próximos 45 dias, nos lotes disponíveis',
      highlight: null,
    });
  });

  it('shows no cost without stock', () => {
    const cost = dashboardKpis(
      dashboardFixture({
        kpis: { average_cost_per_thousand: null, purchase_cost_per_thousand: { current: null, previous: null } },
      }),
    ).find((k) => k.key === 'cost')!;
    expect(cost).toMatchObject({
      value: '—',
      hint: 'Sem milhas em estoque',
      trend: { label: 'Sem compras no período' },
    });
  });

  it('names the comparison after the previous period and the profit after the period', () => {
    const quarter = dashboardFixture({
      period: { from: '2026-10-01', to: '2026-12-31' },
      counted_through: '2026-12-31',
      previous_period: { from: '2026-07-01', to: '2026-09-30' },
    });
    const [miles, profit] = dashboardKpis(quarter);
    expect(miles!.trend.label).toBe('Compras: +25,0% vs. trimestre anterior');
    expect(profit!.title).toBe('Lucro do Período');
    expect(profit!.href).toBe('/financeiro?de=2026-10-01&ate=2026-12-31');
    expect(profitTitle({ from: '2026-02-01', to: '2026-02-28' })).toBe('Lucro Mensal');
    expect(profitTitle({ from: '2026-11-01', to: '2026-11-27' })).toBe('Lucro do Período');
  });

  it('gives the cost per mile with four decimals', () => {
    expect(costPerMile('18.0000')).toBe('R$\u00a00,0180');
    expect(costPerMile('1234.5678')).toBe('R$\u00a01,2346');
  });
});
