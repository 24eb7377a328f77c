import { Hono } from 'hono';
import { agencyInputSchema, notificationPrefsSchema, settingsInputSchema } from '../../domain/agency/agency.schema';
import { AppError } from '../http/errors';
import type { AppEnv } from '../http/context';
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

const agencyNotFound = () => new AppError('AGENCY_NOT_FOUND', 'Agência não encontrada.', { status: 404 });

export const agencyRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const agency = await getAgency(c.var.db, { agencyId: c.var.session.agencyId });
    if (!agency) throw agencyNotFound();
    return c.json(toAgencyDto(agency));
  })
  .put('/', async (c) => {
    const input = await readJson(c, agencyInputSchema);
    try {
      const agency = await updateAgency(c.var.db, { agencyId: c.var.session.agencyId, input });
      if (!agency) throw agencyNotFound();
      return c.json(toAgencyDto(agency));
    } catch (err) {
      if (isUniqueViolation(err, 'agencies_cnpj_key')) {
        throw new AppError('DUPLICATE', 'Já existe uma agência com este CNPJ.', { fields: { cnpj: 'CNPJ já cadastrado' } });
      }
      throw err;
    }
  })
  .get('/settings', async (c) => {
    const settings = await getSettings(c.var.db, { agencyId: c.var.session.agencyId });
    if (!settings) throw agencyNotFound();
    return c.json(settings);
  })
  .put('/settings', async (c) => {
    const input = await readJson(c, settingsInputSchema);
    const settings = await updateSettings(c.var.db, { agencyId: c.var.session.agencyId, input });
    if (!settings) throw agencyNotFound();
    return c.json(settings);
  });

export const meRoutes = new Hono<AppEnv>()
  .get('/notifications', async (c) => {
    const prefs = await getNotificationPrefs(c.var.db, { userId: c.var.session.userId });
    if (!prefs) throw new AppError('UNAUTHENTICATED', 'Acesso não autorizado.', { status: 401 });
    return c.json(prefs);
  })
  .put('/notifications', async (c) => {
    const input = await readJson(c, notificationPrefsSchema);
    const prefs = await updateNotificationPrefs(c.var.db, { userId: c.var.session.userId, input });
    if (!prefs) throw new AppError('UNAUTHENTICATED', 'Acesso não autorizado.', { status: 401 });
    return c.json(prefs);
  });
