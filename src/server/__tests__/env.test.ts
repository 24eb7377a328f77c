import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';

describe('loadEnv', () => {
  it('has the documented defaults', () => {
    expect(loadEnv({})).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      COOKIE_SECURE: false,
      ALLOWED_ORIGINS: [],
    });
    expect(loadEnv({}).DATABASE_URL).toBeUndefined();
  });

  it('reads values', () => {
    const env = loadEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@h/db',
      COOKIE_SECURE: '1',
      ALLOWED_ORIGINS: 'https://a.com, https://b.com',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://u@h/db',
      COOKIE_SECURE: true,
      ALLOWED_ORIGINS: ['https://a.com', 'https://b.com'],
    });
    expect(loadEnv({ DATABASE_URL: '  ' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: PORT deve ser um número'],
    [{ PORT: '70000' }, 'PORT: PORT deve estar entre 1 e 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: DATABASE_URL deve começar com postgres:// ou postgresql://'],
    [{ COOKIE_SECURE: 'talvez' }, 'COOKIE_SECURE'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ MIGRATION_DATABASE_URL: 'postgres://dono@h/db' }, 'MIGRATION_DATABASE_URL só vale com DATABASE_URL'],
    [
      { DATABASE_URL: 'postgres://u@h/db', MIGRATION_DATABASE_URL: 'http://x' },
      'MIGRATION_DATABASE_URL deve começar com postgres://',
    ],
  ])('refuses %o with a clear message', (source, message) => {
    expect(() => loadEnv(source)).toThrow(/^Configuração inválida no ambiente:/);
    expect(() => loadEnv(source)).toThrow(message);
  });
});

describe('TZ', () => {
  it("defaults to the agency's zone and refuses an unknown one", () => {
    expect(loadEnv({}).TZ).toBe('America/Sao_Paulo');
    expect(loadEnv({ TZ: 'Europe/Lisbon' }).TZ).toBe('Europe/Lisbon');
    expect(() => loadEnv({ TZ: 'Marte/Olympus' })).toThrow('TZ deve ser um fuso horário IANA');
  });
});
