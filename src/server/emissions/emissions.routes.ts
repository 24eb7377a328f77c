import { Hono } from 'hono';
import { z } from 'zod';
import { EMISSION_ACTIONS } from '../../domain/emissions/emission.rules';
import { emissionCreateSchema, emissionListQuerySchema } from '../../domain/emissions/emission.schema';
import type { AppEnv } from '../http/context';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import {
  createEmission,
  EMISSION_SERVER_MESSAGES,
  getAccountBeneficiaries,
  getAccountLots,
  getEmissionDetail,
  listEmissions,
  transitionEmission,
} from './emissions.service';

/** POST /emissions/:id/transitions */
export const emissionTransitionSchema = z.object({
  action: z.enum(EMISSION_ACTIONS, { error: 'Ação inválida' }),
});

const emissionId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', EMISSION_SERVER_MESSAGES.notFound, 'EMISSION_NOT_FOUND');
const accountId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', EMISSION_SERVER_MESSAGES.accountNotFound, 'ACCOUNT_NOT_FOUND');

export const emissionsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = parseOrThrow(emissionListQuerySchema, c.req.query());
    return c.json(await listEmissions(c.var.db, c.var.session.agencyId, query));
  })
  .post('/', async (c) => {
    const input = await readJson(c, emissionCreateSchema);
    const session = c.var.session;
    const detail = await createEmission(c.var.db, { agencyId: session.agencyId, userId: session.userId }, input, {
      today: c.var.today,
      logger: c.var.deps.logger,
    });
    return c.json(detail, 201);
  })
  .get('/:id', async (c) => {
    const id = emissionId(c);
    return c.json(await getEmissionDetail(c.var.db, c.var.session.agencyId, id));
  })
  .post('/:id/transitions', async (c) => {
    const id = emissionId(c);
    const { action } = await readJson(c, emissionTransitionSchema);
    const session = c.var.session;
    return c.json(await transitionEmission(c.var.db, { agencyId: session.agencyId, userId: session.userId }, id, action, { today: c.var.today }));
  });

/** The emission wizard's reads of one loyalty account, mounted beside accountsRoutes at /accounts. */
export const accountEmissionRoutes = new Hono<AppEnv>()
  .get('/:id/lots', async (c) => {
    const id = accountId(c);
    return c.json(await getAccountLots(c.var.db, c.var.session.agencyId, id, c.var.today));
  })
  .get('/:id/beneficiaries', async (c) => {
    const id = accountId(c);
    return c.json(await getAccountBeneficiaries(c.var.db, c.var.session.agencyId, id, c.var.today));
  });
