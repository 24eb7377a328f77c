// A sender in its own process, for the kill -9 test (email.crash.test.ts): runs the e-mail job's
// loop on the PostgreSQL database of argv[2] through the SMTP server of argv[3] until it is killed.
import { createDb } from '../../db/client';
import { sendDueEmails } from '../email.service';
import { smtpSender } from '../smtp';

const [url, smtpUrl] = process.argv.slice(2) as [string, string];
const handle = await createDb({ kind: 'postgres', url, poolSize: 2 });
const send = smtpSender({ smtpUrl, from: 'Milheiro <nao-responda@milheiro.test>', timeoutMs: 60_000 });
for (;;) {
  await sendDueEmails(handle.db, { send });
  await new Promise((resolve) => setTimeout(resolve, 100));
}
