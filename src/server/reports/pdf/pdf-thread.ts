import { Worker } from 'node:worker_threads';
import type { ReportDocumentRequest } from './documents';
import type { RenderedPdf } from './render';

/**
 * The process's PDF thread: started on the first report and kept (its start — tsx, pdfmake, the
 * fonts — costs more than a render), unref'd so it never keeps the process alive, started again if
 * it dies. Renders queue in it; the event loop stays free for the other requests.
 */
class PdfThread {
  private worker: Worker | null = null;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (r: RenderedPdf) => void; reject: (e: Error) => void }>();

  private start(): Worker {
    const worker = new Worker(new URL('./pdf-worker.ts', import.meta.url), {
      // tsx found from this file (not from the working directory the server was started in).
      execArgv: ['--import', import.meta.resolve('tsx')],
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    worker.unref();
    worker.on('message', (msg: { id: number; bytes?: Uint8Array; pages?: number; error?: string }) => {
      const waiting = this.pending.get(msg.id);
      if (!waiting) return;
      this.pending.delete(msg.id);
      if (msg.error !== undefined || !msg.bytes) waiting.reject(new Error(msg.error ?? 'PDF vazio'));
      else waiting.resolve({ bytes: msg.bytes, pages: msg.pages ?? 0 });
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [, waiting] of this.pending) waiting.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`PDF thread exited (${code})`)));
    return worker;
  }

  render(request: ReportDocumentRequest): Promise<RenderedPdf> {
    this.worker ??= this.start();
    const id = this.next++;
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker thread, not a window
      worker.postMessage({ id, request });
    });
  }

  async stop() {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

export const pdfThread = new PdfThread();
