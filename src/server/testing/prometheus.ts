import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';

export type Scrape = Map<string, MetricFamily>;

/** A /metrics answer parsed by a Prometheus text-format parser, by metric name. */
export function parseScrape(text: string): Scrape {
  return new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
}

const matches = (labels: Record<string, string> | undefined, wanted: Record<string, string>) =>
  Object.entries(wanted).every(([k, v]) => labels?.[k] === v);

/** The value of the one sample of `name` with these labels (a histogram's count); undefined when there is none. */
export function sampleValue(scrape: Scrape, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = scrape.get(name)?.metrics.filter((m) => matches(m.labels, labels)) ?? [];
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples`);
  const sample = found[0];
  if (!sample) return undefined;
  return Number(sample.value ?? sample.count);
}
