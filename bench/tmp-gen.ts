import { createAgencyWithUser } from '../src/server/testing/factories/agency.factory';
import { engines } from './lib';
import { generateAgencyData, vacuumAnalyze } from './generate';
const which = process.argv[2];
for (const engine of await engines()) {
  if (which && engine.name !== which) continue;
  const h = await engine.open();
  const { agency } = await createAgencyWithUser(h.db);
  const t = performance.now();
  const r = await generateAgencyData(h.db, { agencyId: agency.id, clients: 50_000, log: console.log });
  await vacuumAnalyze(h.db);
  console.log(engine.name, r, 'total with vacuum', Math.round(performance.now() - t));
  await h.close();
}
