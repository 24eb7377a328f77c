import { z } from 'zod';

// The page's Content-Security-Policy has no 'unsafe-eval'. Zod's fast object parsers are compiled
// with `new Function`, and merely probing for it makes the browser report a violation; jitless
// parsing avoids both. Imported first by main.tsx: the probe runs when the first object schema is built.
z.config({ jitless: true });
