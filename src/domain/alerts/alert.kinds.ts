// The alerts' kinds and their names (spec part 2 §2 "/alertas"), without zod: the real-time
// stream names an alert in its toast with them, on every page, before any form loads zod (#14).

export const ALERT_KINDS = ['lot_expiring', 'sla_exceeded', 'margin_critical'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The three tabs, in the spec's order. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  lot_expiring: 'Expiração',
  sla_exceeded: 'SLA Estourado',
  margin_critical: 'Margem Crítica',
};
