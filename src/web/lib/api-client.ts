import { API_BASE_PATH, API_TIMEOUT_MS } from '@/config/constants';
import { ERROR_MESSAGES } from '@/config/messages';

/** Error body of every API failure (DESIGN.md §3). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; details?: unknown };
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** What the code comes with besides its message (an import's undo refusal lists its reasons). */
  readonly details: unknown;

  constructor(params: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
    details?: unknown;
  }) {
    super(params.message);
    this.name = 'ApiError';
    this.status = params.status;
    this.code = params.code;
    this.fields = params.fields;
    this.details = params.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Status 0 marks failures that never got an HTTP answer. */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const TIMEOUT_ERROR_CODE = 'TIMEOUT';

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** Milliseconds before the request is abandoned; defaults to the spec's 30 s. */
  timeoutMs?: number;
}

/** A file the API answered with (CSV export, PDF report...). */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition; null when the server named none. */
  filename: string | null;
}

/** The file name of a Content-Disposition header, preferring the RFC 6266 `filename*` form. */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      /* fall back to the plain form */
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

interface InternalOptions extends RequestOptions {
  /** Read a successful body as a file instead of JSON. */
  file?: boolean;
}

/* A 401 from these endpoints is an answer to the user's own credentials, not an expired session. */
const AUTH_ENDPOINTS = new Set([
  '/auth/setup',
  '/auth/me',
  '/auth/sign-in',
  '/auth/sign-up',
  '/auth/sign-out',
  '/auth/password',
  '/auth/sign-in/verify',
  '/auth/password/forgot',
  '/auth/password/reset',
]);

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** Called on a 401 from any non-auth endpoint: the app clears its auth state and goes to sign-in. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

type MfaSetupRequiredHandler = () => void;
let mfaSetupRequiredHandler: MfaSetupRequiredHandler | null = null;

/**
 * Called on a 403 MFA_SETUP_REQUIRED: the agency began requiring a second factor while this user
 * was signed in; the app reloads the session, and RequireAuth sends them to enrol.
 */
export function setMfaSetupRequiredHandler(handler: MfaSetupRequiredHandler | null): void {
  mfaSetupRequiredHandler = handler;
}

export function fallbackMessage(status: number): string {
  if (status === 400 || status === 422) return ERROR_MESSAGES.validation;
  if (status === 401) return ERROR_MESSAGES.unauthorized;
  if (status === 403) return ERROR_MESSAGES.forbidden;
  if (status === 404) return ERROR_MESSAGES.notFound;
  if (status === 408) return ERROR_MESSAGES.timeout;
  if (status >= 500) return ERROR_MESSAGES.serverError;
  return ERROR_MESSAGES.unexpected;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = value.error;
  return typeof error === 'object' && error !== null && 'message' in error;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return text;
}

function pathOf(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

function combineSignals(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

async function request<T>(method: string, path: string, body: unknown, options: InternalOptions = {}): Promise<T> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? API_TIMEOUT_MS);
  const signal = options.signal ? combineSignals([options.signal, timeout.signal]) : timeout.signal;

  const headers: Record<string, string> = { Accept: options.file ? '*/*' : 'application/json' };
  // A FormData body sets its own multipart Content-Type, boundary included.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    clearTimeout(timer);
    if (timeout.signal.aborted) {
      throw new ApiError({ status: 0, code: TIMEOUT_ERROR_CODE, message: ERROR_MESSAGES.timeout });
    }
    // Cancelled by the caller (React Query unmount or refetch): let the abort propagate as is.
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: ERROR_MESSAGES.network });
  }

  let data: unknown;
  try {
    data =
      response.ok && options.file
        ? ({
            blob: await response.blob(),
            filename: filenameFromContentDisposition(response.headers.get('content-disposition')),
          } satisfies DownloadedFile)
        : await readBody(response);
  } catch (cause) {
    if (timeout.signal.aborted) {
      throw new ApiError({ status: 0, code: TIMEOUT_ERROR_CODE, message: ERROR_MESSAGES.timeout });
    }
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: ERROR_MESSAGES.network });
  } finally {
    clearTimeout(timer);
  }

  if (response.ok) return data as T;

  if (response.status === 401 && !AUTH_ENDPOINTS.has(pathOf(path))) unauthorizedHandler?.();

  const error = isErrorBody(data) ? data.error : undefined;
  if (response.status === 403 && error?.code === 'MFA_SETUP_REQUIRED') mfaSetupRequiredHandler?.();
  throw new ApiError({
    status: response.status,
    code: error?.code ?? `HTTP_${response.status}`,
    message: error?.message || fallbackMessage(response.status),
    fields: error?.fields,
    details: error?.details,
  });
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
  /** GET of a file; failures are ApiErrors like any other call. */
  download: (path: string, options?: RequestOptions) =>
    request<DownloadedFile>('GET', path, undefined, { ...options, file: true }),
  /** POST of a JSON body answered with a file (a CSV built from what the body describes). */
  postDownload: (path: string, body: unknown, options?: RequestOptions) =>
    request<DownloadedFile>('POST', path, body, { ...options, file: true }),
  /** POST of a multipart/form-data body (a file upload). */
  upload: <T>(path: string, form: FormData, options?: RequestOptions) => request<T>('POST', path, form, options),
};
