import { parentPort } from 'node:worker_threads';
import { readXlsx } from './read-file';

// The XLSX reader's thread (read-file.ts readXlsxOffThread): exceljs loads a whole workbook in
// memory and takes seconds over a large one; here it neither holds the server's event loop nor
// risks its heap (the thread's own is capped).

parentPort!.once('message', ({ bytes, keepRows }: { bytes: Uint8Array; keepRows: number }) => {
  void readXlsx(bytes, keepRows).then((result) => {
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a thread's port, not a window
    parentPort!.postMessage(result);
  });
});
