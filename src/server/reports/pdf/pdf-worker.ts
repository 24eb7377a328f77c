import { parentPort } from 'node:worker_threads';
import type { ReportDocumentRequest } from './documents';
import { renderReport } from './render';

// The PDF thread (pdf-thread.ts): laying out and compressing a document is seconds of CPU for a
// big one; here it holds no request up. One render at a time, each answered with its id.

parentPort!.on('message', ({ id, request }: { id: number; request: ReportDocumentRequest }) => {
  renderReport(request).then(
    ({ bytes, pages }) => {
      // A copy of its own to hand over: pdfmake's Buffer may sit in Node's shared pool, which cannot move.
      const own = new Uint8Array(bytes);
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a thread's port, not a window
      parentPort!.postMessage({ id, bytes: own, pages }, [own.buffer]);
    },
    (err: unknown) => {
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a thread's port, not a window
      parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
    },
  );
});
