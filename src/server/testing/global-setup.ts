import { provideDbTemplate } from './db-template';

/** The unit project's global setup (vitest.config.ts): one migrated template database per run. */
export default provideDbTemplate;
