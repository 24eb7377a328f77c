import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { clients, users } from '../db/schema';
import { createLogger } from '../logger';
import { createAgencyWithUser } from '../testing/factories/agency.factory';
import { createTestDb } from '../testing/test-db';

/** A client's personal data (LGPD), as a failing statement receives it. */
const PERSON = {
  email: 'helena.duarte@exemplo.com.br',
  phone: '84998765432',
  document: '52998224725',
  birth_date: '1980-05-12',
};
const PERSONAL_VALUES = [PERSON.email, PERSON.phone, PERSON.document, PERSON.birth_date, '1980-02-30'];

let handle: DbHandle;
let agencyId: string;
beforeAll(async () => {
  handle = await createTestDb();
  agencyId = (await createAgencyWithUser(handle.db)).agency.id;
});
afterAll(() => handle?.close());

/** Logs the error as the app's onError does, and returns the line written. */
function logged(err: unknown): { line: string; entry: any } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  createLogger('info', destination).error({ err, requestId: 'r1', path: '/api/v1/clients' }, 'unhandled error');
  expect(lines).toHaveLength(1);
  return { line: lines[0]!, entry: JSON.parse(lines[0]!) };
}

function expectNoPersonalData(line: string) {
  for (const value of PERSONAL_VALUES) expect(line).not.toContain(value);
}

async function failure(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('the statement was expected to fail');
}

describe('error logs keep clients personal data out (LGPD)', () => {
  it('drops the parameters and the failing row of a refused insert, keeping SQL, code and column', async () => {
    const err = await failure(() =>
      handle.db.insert(clients).values({ agency_id: agencyId, name: null as unknown as string, ...PERSON }),
    );
    // The values are really there to leak: drizzle's message, the driver's params and detail.
    expect(String((err as Error).message)).toContain(PERSON.email);
    const { line, entry } = logged(err);
    expectNoPersonalData(line);
    expect(entry.err.message).toMatch(/^Failed query: insert into "clients"/);
    expect(entry.err.message).toContain('params: [redacted]');
    expect(entry.err.stack).toContain('params: [redacted]');
    expect(entry.err.cause).toMatchObject({ code: '23502', column: 'name', table: 'clients' });
    expect(entry.err.cause.message).toContain('null value in column "name"');
    expect(entry.err.cause.detail).toBe('Failing row contains ([redacted]).');
    expect(entry.requestId).toBe('r1');
  });

  it('hides the value a PostgreSQL message quotes, such as an impossible birth date', async () => {
    const err = await failure(() =>
      handle.db
        .insert(clients)
        .values({ agency_id: agencyId, name: 'Helena Duarte', ...PERSON, birth_date: '1980-02-30' }),
    );
    const { line, entry } = logged(err);
    expectNoPersonalData(line);
    expect(entry.err.cause.code).toBe('22008');
    expect(entry.err.cause.message).toBe('date/time field value out of range: "[redacted]"');
  });

  it('hides the key of a unique violation, keeping the constraint', async () => {
    await handle.db
      .insert(users)
      .values({ agency_id: agencyId, name: 'Helena', email: PERSON.email, password_hash: 'x' });
    const err = await failure(() =>
      handle.db.insert(users).values({
        agency_id: agencyId,
        name: 'Outra Helena',
        email: PERSON.email,
        phone: PERSON.phone,
        password_hash: 'x',
      }),
    );
    const { line, entry } = logged(err);
    expectNoPersonalData(line);
    expect(entry.err.cause).toMatchObject({ code: '23505', constraint: 'users_email_key' });
    expect(entry.err.cause.detail).toBe('Key (lower(email))=([redacted]) already exists.');
  });

  it('hides a value cast in raw SQL, and an error thrown on its own', async () => {
    const err = await failure(() => handle.db.execute(sql`select ${PERSON.document}::uuid`));
    const { line, entry } = logged(err);
    expectNoPersonalData(line);
    expect(entry.err.cause.message).toBe('invalid input syntax for type uuid: "[redacted]"');

    const plain = logged(new Error('algo quebrou'));
    expect(plain.entry.err).toMatchObject({ type: 'Error', message: 'algo quebrou' });
  });
});
