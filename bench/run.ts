import { runRequestsBench } from './requests.bench';

const only = process.argv[2];
const benches: Record<string, () => Promise<void>> = { requests: runRequestsBench };

for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  await run();
}
