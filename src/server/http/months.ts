/**
 * Sums per due day → sums per month (its first day), in the days' order: /financeiro's payables
 * and receivables sum their period per due day in SQL (a few rows) and per month here.
 */
export function sumDaysByMonth<K extends string>(
  days: readonly ({ day: string; count: number } & Record<K, string | number>)[],
  keys: readonly K[],
): ({ month: string; count: number } & Record<K, number>)[] {
  const months = new Map<string, { month: string; count: number } & Record<K, number>>();
  for (const d of days) {
    const month = `${d.day.slice(0, 7)}-01`;
    let m = months.get(month);
    if (!m) {
      m = { month, count: 0, ...Object.fromEntries(keys.map((k) => [k, 0])) } as {
        month: string;
        count: number;
      } & Record<K, number>;
      months.set(month, m);
    }
    for (const k of keys) (m as Record<K, number>)[k] += Number(d[k]);
    m.count += d.count;
  }
  return [...months.values()];
}
