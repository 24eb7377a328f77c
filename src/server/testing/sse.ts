/**
 * Reads a Server-Sent Events body as the browser's EventSource would, calling back with each
 * message's data (its `data:` lines joined); comments and `retry:` lines are skipped. Answers the
 * reader's cancel. For the tests and the benchmarks of GET /api/v1/events.
 */
export function readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  onData: (data: string) => void,
): { cancel: () => Promise<void>; done: Promise<void> } {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const done = (async () => {
    for (;;) {
      const { done: ended, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (ended) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        if (data) onData(data);
      }
    }
  })();
  return { cancel: () => reader.cancel().catch(() => undefined), done };
}
