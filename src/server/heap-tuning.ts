import v8 from 'node:v8';

/**
 * Imported first by the server's entry points (main.ts, demo.ts) and the benchmarks: V8 tuning the
 * process needs before it allocates much.
 *
 * No allocation-site pretenuring. V8 watches where objects are created, and once most objects of a
 * site outlive a young-generation collection it creates the site's later objects directly in the
 * old generation, which only a full collection frees. Reading a 100,000-row spreadsheet keeps every
 * row for a while, so the sites shared with the check (zod's per-field results, arrays) are
 * pretenured, and then each row's short-lived check results land in the old generation: checking
 * 100,000 client rows grew the heap by ~250 MB of garbage before a full collection came, against
 * ~65–90 MB without pretenuring, and ran no slower (issue #17: ≤ 200 MB of memory growth during an
 * import; the experiment and figures in docs/performance.md). A server's other objects live for a
 * request: young-generation collections free them either way.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
