import { Hono } from 'hono';
import {
  agencyInputSchema,
  notificationPrefsSchema,
  settingsInputSchema,
  settingsSchema,
} from '../../domain/agency/agency.schema';
import { diffFields } from '../../domain/audit/audit.rules';
import { recordActivity } from '../activity/activity.queries';
import { scanAlerts } from '../alerts/alerts.service';
import { unauthenticated } from '../http/errors';
import { recordEvent } from '../events/events.queries';
import type { AppEnv } from '../http/context';
import { apiDoc, json } from '../http/openapi';
import { readJson } from '../http/validate';
import { isUniqueViolation } from '../db/errors';
import {
  getAgency,
  getNotificationPrefs,
  getSettings,
  toAgencyDto,
  updateAgency,
  updateNotificationPrefs,
  updateSettings,
} from './agency.queries';
import { agencyNotFound, duplicateCnpj } from './agency.errors';

/** The agency record's fields whose changes the audit log keeps (before/after). */
const AGENCY_AUDITED_FIELDS = Object.keys(agencyInputSchema.shape) as (keyof typeof agencyInputSchema.shape)[];

const docs = {
  get: apiDoc({
    tag: 'agency',
    operationId: 'getAgency',
    summary: 'The agency record',
    response: json('The agency'),
    errors: [404],
  }),
  update: apiDoc({
    tag: 'agency',
    operationId: 'updateAgency',
    access: 'admin',
    summary: 'Update the agency record',
    body: agencyInputSchema,
    response: json('The agency updated'),
    errors: [404, 409],
  }),
  getSettings: apiDoc({
    tag: 'agency',
    operationId: 'getAgencySettings',
    summary: 'Agency settings',
    response: json('The settings', settingsSchema),
    errors: [404],
  }),
  updateSettings: apiDoc({
    tag: 'agency',
    operationId: 'updateAgencySettings',
    access: 'admin',
    summary: 'Update agency settings',
    body: settingsInputSchema,
    response: json('The settings updated', settingsSchema),
    errors: [404],
  }),
  getNotifications: apiDoc({
    tag: 'me',
    operationId: 'getNotificationPrefs',
    summary: "The user's notification choices",
    response: json('The choices', notificationPrefsSchema),
  }),
  updateNotifications: apiDoc({
    tag: 'me',
    operationId: 'updateNotificationPrefs',
    summary: "Update the user's notification choices",
    body: notificationPrefsSchema,
    response: json('The choices updated', notificationPrefsSchema),
  }),
};

export const agencyRoutes = new Hono<AppEnv>()
  .get('/', docs.get, async (c) => {
    const agency = await getAgency(c.var.db, { agencyId: c.var.session.agencyId });
    if (!agency) throw agencyNotFound();
    return c.json(toAgencyDto(agency));
  })
  .put('/', docs.update, async (c) => {
    const input = await readJson(c, agencyInputSchema);
    const { agencyId, userId } = c.var.session;
    try {
      const before = await getAgency(c.var.db, { agencyId });
      const agency = await updateAgency(c.var.db, { agencyId, input });
      if (!before || !agency) throw agencyNotFound();
      const changes = diffFields(toAgencyDto(before), toAgencyDto(agency), AGENCY_AUDITED_FIELDS);
      if (changes) {
        await recordActivity(c.var.db, {
          agencyId,
          userId,
          kind: 'agency_updated',
          description: 'Dados da agência atualizados',
          refType: 'agency',
          refId: agencyId,
          changes,
        });
      }
      return c.json(toAgencyDto(agency));
    } catch (err) {
      if (isUniqueViolation(err, 'agencies_cnpj_key')) {
        throw duplicateCnpj();
      }
      throw err;
    }
  })
  .get('/settings', docs.getSettings, async (c) => {
    const settings = await getSettings(c.var.db, { agencyId: c.var.session.agencyId });
    if (!settings) throw agencyNotFound();
    return c.json(settings);
  })
  .put('/settings', docs.updateSettings, async (c) => {
    const input = await readJson(c, settingsInputSchema);
    const agencyId = c.var.session.agencyId;
    const before = await getSettings(c.var.db, { agencyId });
    const settings = await updateSettings(c.var.db, { agencyId, input });
    if (!settings) throw agencyNotFound();
    // Another expiry window: the lot alerts follow at once (nothing else of the settings moves them).
    if (before?.expiry_alert_days !== settings.expiry_alert_days) {
      await scanAlerts(c.var.db, { agencyId, today: c.var.today, now: new Date().toISOString() });
    }
    await recordEvent(c.var.db, agencyId, { type: 'settings.changed', actorId: c.var.session.userId });
    const changes = diffFields<Record<string, unknown>>(before, settings, Object.keys(settings));
    if (changes) {
      await recordActivity(c.var.db, {
        agencyId,
        userId: c.var.session.userId,
        kind: 'settings_updated',
        description: 'Configurações da agência atualizadas',
        refType: 'agency',
        refId: agencyId,
        changes,
      });
    }
    return c.json(settings);
  });

export const meRoutes = new Hono<AppEnv>()
  .get('/notifications', docs.getNotifications, async (c) => {
    const prefs = await getNotificationPrefs(c.var.db, { userId: c.var.session.userId });
    if (!prefs) throw unauthenticated();
    return c.json(prefs);
  })
  .put('/notifications', docs.updateNotifications, async (c) => {
    const input = await readJson(c, notificationPrefsSchema);
    const prefs = await updateNotificationPrefs(c.var.db, { userId: c.var.session.userId, input });
    if (!prefs) throw unauthenticated();
    return c.json(prefs);
  });
