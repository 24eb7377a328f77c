/* Business and UI constants from spec part 1 §9. */
export const APP_NAME = 'Milheiro';
export const APP_SUBTITLE = 'CRM & Gestão';
export const API_BASE_PATH = '/api/v1';
export const API_TIMEOUT_MS = 30_000;
export const TOAST_DURATION_MS = 5_000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60_000;
export const SIGN_IN_PATH = '/entrar';
/** Global search reaches the query after this pause (spec part 1 §4). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Lists stay fresh this long (spec part 1 §9). */
export const LIST_STALE_TIME_MS = 5 * 60_000;
