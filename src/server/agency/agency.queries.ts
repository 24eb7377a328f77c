import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFS,
  DEFAULT_SETTINGS,
  notificationPrefsSchema,
  settingsSchema,
  type AgencyInput,
  type NotificationPrefs,
  type Settings,
  type SettingsInput,
} from '../../domain/agency/agency.schema';
import type { Db } from '../db/client';
import { agencies, users } from '../db/schema';

/**
 * The agency's calendar: date_from/date_to and a passenger's emission day are read in Brazil's
 * time (the agencies are Brazilian; there is no per-agency time-zone setting yet).
 */
export const AGENCY_TIME_ZONE = 'America/Sao_Paulo';

/** The instant a calendar day (yyyy-MM-dd) starts in the agency's time zone, and the next day's start. */
export const agencyDayStart = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE ${AGENCY_TIME_ZONE})`;
export const agencyDayEnd = (day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${AGENCY_TIME_ZONE})`;

type AgencyRow = typeof agencies.$inferSelect;

export function toAgencyDto(a: AgencyRow) {
  return {
    id: a.id,
    legal_name: a.legal_name,
    trade_name: a.trade_name,
    cnpj: a.cnpj,
    registration_status: a.registration_status,
    opened_on: a.opened_on,
    address: a.address,
    main_activity_code: a.main_activity_code,
    share_capital_cents: a.share_capital_cents,
    email: a.email,
    phone: a.phone,
    updated_at: a.updated_at,
  };
}

export async function getAgency(db: Db, { agencyId }: { agencyId: string }) {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  return row ?? null;
}

export async function updateAgency(db: Db, { agencyId, input }: { agencyId: string; input: AgencyInput }) {
  const [row] = await db
    .update(agencies)
    .set({ ...input, updated_at: sql`now()` })
    .where(eq(agencies.id, agencyId))
    .returning();
  return row ?? null;
}

/** Stored settings merged over the defaults, so a setting added later has a value for old agencies. */
export function readSettings(stored: unknown): Settings {
  const merged = { ...DEFAULT_SETTINGS, ...(typeof stored === 'object' && stored ? stored : {}) };
  const parsed = settingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : { ...DEFAULT_SETTINGS };
}

export async function getSettings(db: Db, { agencyId }: { agencyId: string }) {
  const agency = await getAgency(db, { agencyId });
  return agency ? readSettings(agency.settings) : null;
}

export async function updateSettings(db: Db, { agencyId, input }: { agencyId: string; input: SettingsInput }) {
  const [row] = await db
    .update(agencies)
    .set({ settings: sql`${agencies.settings} || ${JSON.stringify(input)}::jsonb`, updated_at: sql`now()` })
    .where(eq(agencies.id, agencyId))
    .returning({ settings: agencies.settings });
  return row ? readSettings(row.settings) : null;
}

export function readNotificationPrefs(stored: unknown): NotificationPrefs {
  const merged = { ...DEFAULT_NOTIFICATION_PREFS, ...(typeof stored === 'object' && stored ? stored : {}) };
  const parsed = notificationPrefsSchema.safeParse(merged);
  return parsed.success ? parsed.data : { ...DEFAULT_NOTIFICATION_PREFS };
}

export async function getNotificationPrefs(db: Db, { userId }: { userId: string }) {
  const [row] = await db.select({ prefs: users.notification_prefs }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? readNotificationPrefs(row.prefs) : null;
}

export async function updateNotificationPrefs(db: Db, { userId, input }: { userId: string; input: NotificationPrefs }) {
  const [row] = await db
    .update(users)
    .set({ notification_prefs: input, updated_at: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ prefs: users.notification_prefs });
  return row ? readNotificationPrefs(row.prefs) : null;
}
