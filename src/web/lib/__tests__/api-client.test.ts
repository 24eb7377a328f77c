import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  filenameFromContentDisposition,
  setMfaSetupRequiredHandler,
  setUnauthorizedHandler,
} from '../api-client';

type FetchArgs = [input: string, init: RequestInit];

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUnauthorizedHandler(null);
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('api client', () => {
  it('sends JSON to /api/v1 with same-origin credentials', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await expect(api.post('/clients', { name: 'Ana' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/clients');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"name":"Ana"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends no body or content type when there is nothing to send', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/auth/sessions')).resolves.toBeUndefined();
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('turns the error body into an ApiError with code, message and fields', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        error: { code: 'VALIDATION_ERROR', message: 'Dados inválidos.', fields: { cnpj: 'CNPJ inválido' } },
      }),
    );
    const error = await failure(api.put('/agency', {}));
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Dados inválidos.',
      fields: { cnpj: 'CNPJ inválido' },
    });
  });

  it.each([
    [400, 'Dados inválidos.'],
    [403, 'Você não tem permissão para esta ação.'],
    [404, 'Recurso não encontrado.'],
    [500, 'Erro interno do servidor.'],
    [502, 'Erro interno do servidor.'],
  ])('falls back to the shared message for %i without a body', async (status, message) => {
    fetchMock.mockResolvedValue(new Response('oops', { status, headers: { 'content-type': 'text/plain' } }));
    const error = await failure(api.get('/x'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it('reports network failures in Portuguese', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(api.get('/x'));
    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Erro de conexão. Verifique sua internet.',
    });
  });

  it('gives up after the timeout', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = await failure(api.get('/slow', { timeoutMs: 20 }));
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', message: 'Tempo limite excedido.' });
  });

  it('lets a caller abort propagate untouched', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = api.get('/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('calls the unauthorized handler on a 401 from a data endpoint', async () => {
    const handler = vi.fn<() => void>();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(
      jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Acesso não autorizado.' } }),
    );
    const error = await failure(api.get('/clients?page=2'));
    expect(error.status).toBe(401);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('calls the second-factor handler on a 403 MFA_SETUP_REQUIRED, and not on another 403', async () => {
    const handler = vi.fn<() => void>();
    setMfaSetupRequiredHandler(handler);
    fetchMock.mockResolvedValueOnce(
      jsonResponse(403, {
        error: { code: 'MFA_SETUP_REQUIRED', message: 'A agência exige verificação em duas etapas.' },
      }),
    );
    await failure(api.get('/clients'));
    expect(handler).toHaveBeenCalledOnce();
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Sem permissão.' } }));
    await failure(api.get('/team/users'));
    expect(handler).toHaveBeenCalledOnce();
    setMfaSetupRequiredHandler(null);
  });

  it.each(['/auth/sign-in', '/auth/sign-up', '/auth/me', '/auth/sign-out', '/auth/password'])(
    'leaves a 401 from %s to the caller',
    async (path) => {
      const handler = vi.fn<() => void>();
      setUnauthorizedHandler(handler);
      fetchMock.mockResolvedValue(
        jsonResponse(401, { error: { code: 'INVALID_CREDENTIALS', message: 'E-mail/telefone ou senha incorretos.' } }),
      );
      const error = await failure(api.post(path, {}));
      expect(error.message).toBe('E-mail/telefone ou senha incorretos.');
      expect(handler).not.toHaveBeenCalled();
    },
  );
});

describe('api.download', () => {
  it('answers the file and the name the server gave it', async () => {
    fetchMock.mockResolvedValue(
      new Response('\uFEFF"ID","Nome"\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="clientes_2026-03-05.csv"',
        },
      }),
    );
    const file = await api.download('/clients/export?sort=name');
    expect(file.filename).toBe('clientes_2026-03-05.csv');
    // The bytes as sent, byte-order mark included (Blob.text() would decode it away).
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('"ID","Nome"\r\n');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/clients/export?sort=name');
    expect(init.method).toBe('GET');
  });

  it('fails like any other call when the server refuses', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { error: { code: 'VALIDATION_ERROR', message: 'Dados inválidos.' } }),
    );
    const error = await failure(api.download('/clients/export?status=x'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Dados inválidos.');
  });
});

describe('api.upload and api.postDownload', () => {
  it('sends a FormData body as it is, letting the browser set the multipart content type', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { file: { id: 'f' } }));
    const form = new FormData();
    form.append('file', new Blob(['a;b\r\n1;2\r\n']), 'clientes.csv');
    await expect(api.upload('/imports/files?kind=clients', form)).resolves.toEqual({ file: { id: 'f' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/imports/files?kind=clients');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('posts JSON and answers the file', async () => {
    fetchMock.mockResolvedValue(
      new Response('linha;campo\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="erros.csv"' },
      }),
    );
    const file = await api.postDownload('/imports/dry-run/errors', { file_id: 'f' });
    expect(file.filename).toBe('erros.csv');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.body).toBe('{"file_id":"f"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("keeps the error's details", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, { error: { code: 'UNDO_REFUSED', message: 'Não é possível.', details: { reasons: ['x'] } } }),
    );
    const error = await failure(api.post('/imports/1/undo'));
    expect(error).toMatchObject({ status: 409, code: 'UNDO_REFUSED', details: { reasons: ['x'] } });
  });
});

describe('filenameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="clientes_2026-03-05.csv"', 'clientes_2026-03-05.csv'],
    ['attachment; filename=lotes.csv', 'lotes.csv'],
    ['attachment; filename="relatorio.pdf"; filename*=UTF-8\'\'relat%C3%B3rio%20mar%C3%A7o.pdf', 'relatório março.pdf'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });
});
