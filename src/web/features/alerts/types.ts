// What the API answers is declared once, by the domain's response schemas (STYLE.md habit 10).
// Type imports only: the bell is on every first page, which loads no zod.
export type { Alert, AlertKind, AlertList } from '@domain/alerts/alert.schema';
export type { AlertListUrlState as AlertListParams, AlertStatus } from './list-state';
