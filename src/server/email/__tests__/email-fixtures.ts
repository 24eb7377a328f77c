import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createEmissionRow } from '../../testing/factories/emission.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import type { OpenedAlert } from '../../alerts/alerts.queries';
import type { JobContext } from '../../jobs/job-queue';

export const silentLogger = pino({ level: 'silent' });

/** What a job handler gets, for calling it straight from a test. */
export const jobContext = (db: Database): JobContext => ({ db, logger: silentLogger, job: {} as never });

/** Another user of the agency, with stored notification choices as given (an older row may lack some). */
export async function addUser(
  db: Database,
  agencyId: string,
  { name, email, prefs = {} }: { name: string; email: string | null; prefs?: Record<string, boolean | string> },
) {
  const [user] = await db
    .insert(users)
    .values({
      agency_id: agencyId,
      name,
      email,
      phone: email === null ? `119${String(randomInt(10_000_000, 99_999_999))}` : null,
      password_hash: 'x',
      notification_prefs: prefs,
    })
    .returning();
  return user!;
}

/** A lot of the agency expiring on `expiry`, and its lot_expiring alert opened at `openedAt`. */
export async function lotAlert(db: Database, agencyId: string, expiry: string, openedAt = new Date().toISOString()) {
  const account = await createLoyaltyAccountRow(db, agencyId, { account_number: `SM-${randomInt(1_000_000)}` });
  const lot = await createLotRow(db, agencyId, account.id, { expiry_date: expiry });
  const message = `Lote ${account.account_number}: 10000 milhas vencem em ${expiry.split('-').reverse().join('/')}`;
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO alerts (agency_id, kind, lot_id, message, created_at)
      VALUES (${agencyId}, 'lot_expiring', ${lot.id}, ${message}, ${openedAt}::timestamptz) RETURNING id`),
  );
  const alert: OpenedAlert = { id: row!.id, kind: 'lot_expiring', lot_id: lot.id, emission_id: null, message };
  return { lot, alert };
}

/** An emission below its minimum margin (R$ 12,34 of R$ 500,00) and its margin_critical alert opened at `openedAt`. */
export async function marginAlert(db: Database, agencyId: string, openedAt = new Date().toISOString()) {
  const client = await createClientRow(db, agencyId, {
    name: 'Cliente Margem',
    document: validCpf(randomInt(1_000_000)),
  });
  const emission = await createEmissionRow(db, agencyId, client.id, {
    pnr: `MG${randomInt(10_000)}`,
    revenue_cents: 50_000,
    margin_cents: 1_234,
    status: 'pending',
  });
  const message = `Emissão ${emission.pnr} com margem abaixo do mínimo do programa`;
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO alerts (agency_id, kind, emission_id, message, created_at)
      VALUES (${agencyId}, 'margin_critical', ${emission.id}, ${message}, ${openedAt}::timestamptz) RETURNING id`),
  );
  const alert: OpenedAlert = { id: row!.id, kind: 'margin_critical', lot_id: null, emission_id: emission.id, message };
  return { emission, alert };
}

/** An alert of an emission that need not exist (the e-mail lists what the alert says). */
export const emissionAlert = (kind: 'margin_critical' | 'sla_exceeded', message: string): OpenedAlert => ({
  id: crypto.randomUUID(),
  kind,
  lot_id: null,
  emission_id: crypto.randomUUID(),
  message,
});

export async function outboxOf(db: Database, agencyId: string) {
  return rowsOf<{
    id: string;
    user_id: string | null;
    to_address: string;
    template: string;
    data: Record<string, any>;
    status: string;
    attempts: number;
    subject: string | null;
    html: string | null;
    text: string | null;
    last_error: string | null;
    next_attempt_at: string | Date;
    locked_until: string | Date | null;
    sent_at: string | Date | null;
  }>(await db.execute(sql`SELECT * FROM email_outbox WHERE agency_id = ${agencyId} ORDER BY created_at, id`));
}

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
