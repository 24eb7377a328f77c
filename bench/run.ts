import '../src/server/heap-tuning';
import { runAlertsBench } from './alerts.bench';
import { runAuditBench } from './audit.bench';
import { runBackupsBench } from './backups.bench';
import { runClientsBench } from './clients.bench';
import { runDashboardBench } from './dashboard.bench';
import { runEmissionListBench, runEmissionsBench } from './emissions.bench';
import { runFinanceBench } from './finance.bench';
import { runImportBench } from './import.bench';
import { runLedgerBench } from './ledger.bench';
import { runLotsBench } from './lots.bench';
import { runQuotesBench } from './quotes.bench';
import { runRealtimeBench } from './realtime.bench';
import { runReportsBench } from './reports.bench';
import { runRequestsBench } from './requests.bench';
import { runWritesBench } from './writes.bench';

const only = process.argv[2];
const benches: Record<string, () => Promise<void>> = {
  requests: runRequestsBench,
  clients: runClientsBench,
  lots: runLotsBench,
  emissions: runEmissionsBench,
  'emissions-list': runEmissionListBench,
  writes: runWritesBench,
  finance: runFinanceBench,
  alerts: runAlertsBench,
  realtime: runRealtimeBench,
  import: runImportBench,
  dashboard: runDashboardBench,
  quotes: runQuotesBench,
  reports: runReportsBench,
  audit: runAuditBench,
  backups: runBackupsBench,
  ledger: runLedgerBench,
};

if (only && !(only in benches)) {
  console.error(`Unknown benchmark "${only}". Choose one of: ${Object.keys(benches).join(', ')}`);
  process.exit(1);
}
for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  await run();
}
