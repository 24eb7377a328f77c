// `npm run lint`: holds the one-way imports of STYLE.md — web → domain, server → domain; domain
// imports neither, nor any framework or I/O. (typescript-eslint does not support TypeScript 7
// yet, so this reads the import specifiers itself.) Within the server, features import no other
// feature.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SERVER_FEATURES = ['clients', 'lots', 'emissions'];
const SHARED_MODULES = ['accounts', 'allocation', 'activity', 'agency', 'rules'];
const RULES = [
  {
    dir: 'src/domain',
    forbid: [/(^|\/)server(\/|$)/, /(^|\/)web(\/|$)/, /^@\//, /^(react|react-dom|hono|drizzle-orm|pg|pino)(\/|$)/, /^@electric-sql\//, /^node:/],
    why: 'src/domain is pure: no server, web, framework or I/O imports',
  },
  { dir: 'src/web', forbid: [/^server(\/|$)/, /^(hono|drizzle-orm|pg|pino)(\/|$)/, /^node:/], why: 'the web speaks HTTP; it never imports the server' },
  { dir: 'src/server', forbid: [/(^|\/)web(\/|$)/, /^@\//, /^(react|react-dom)(\/|$)/], why: 'the server never imports the web app' },
  // Features do not import each other: what they share (loyalty accounts, the allocation engine,
  // activity, agency settings, program rules) is a module of its own; routes compose them.
  ...SERVER_FEATURES.map((feature) => ({
    dir: `src/server/${feature}`,
    forbid: [new RegExp(`^server/(${SERVER_FEATURES.filter((f) => f !== feature).join('|')})(/|$)`)],
    why: `src/server/${feature} imports no other feature (accounts/, allocation/ and the like hold what features share)`,
  })),
  ...SHARED_MODULES.map((module) => ({
    dir: `src/server/${module}`,
    forbid: [new RegExp(`^server/(${SERVER_FEATURES.join('|')})(/|$)`)],
    why: `src/server/${module} is shared by the features, so it imports none of them`,
  })),
];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(name)) yield full;
  }
}

const importRe = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;
let problems = 0;
for (const rule of RULES) {
  for (const file of files(path.join(root, rule.dir))) {
    if (/__tests__/.test(file) && rule.dir === 'src/domain') continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      const spec = m[1] ?? m[2] ?? m[3];
      const resolved = spec.startsWith('.') ? path.relative(root, path.resolve(path.dirname(file), spec)) : spec;
      if (rule.forbid.some((re) => re.test(spec.startsWith('.') ? resolved.replace(/^src\//, '') : spec))) {
        const line = text.slice(0, m.index).split('\n').length;
        console.error(`${path.relative(root, file)}:${line}: import '${spec}' — ${rule.why}`);
        problems++;
      }
    }
  }
}
if (problems) {
  console.error(`\n${problems} import(s) break the layering`);
  process.exit(1);
}
console.log('imports ok');
