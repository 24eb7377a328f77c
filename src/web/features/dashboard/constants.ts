/*
 * The dashboard schema's constants, written out: / is the first page after sign-in, and importing
 * a value from a schema module would bring zod into its first load (e2e/first-load.spec.ts).
 * __tests__/constants.test.ts checks they are the schema's.
 */

/** Receivables older than this are overdue (DASHBOARD_OVERDUE_DAYS). */
export const OVERDUE_DAYS = 30;
/** The chart's months (DASHBOARD_TREND_MONTHS). */
export const TREND_MONTHS = 6;
/** The longest period the API takes (SUMMARY_MAX_DAYS, the finance summary's). */
export const MAX_PERIOD_DAYS = 366;
