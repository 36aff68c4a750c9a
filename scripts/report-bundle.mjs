// After `vite build`: measures the JavaScript a browser must load to show /login (the entry chunk,
// the login page chunk and every chunk they import statically), gzipped, and fails the build when it
// exceeds the foundation issue's budget. Run from packages/web (npm run build does).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_BYTES = 250 * 1000;
const LOGIN_PAGE_SOURCE = 'src/layout/login.page.tsx';

const distDir = path.resolve(process.argv[2] ?? 'dist');
const manifestPath = path.join(distDir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`report-bundle: no Vite manifest at ${manifestPath}; is build.manifest on?`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('report-bundle: the manifest has no entry chunk.');
  process.exit(1);
}
if (!manifest[LOGIN_PAGE_SOURCE]) {
  console.error(`report-bundle: ${LOGIN_PAGE_SOURCE} is not a chunk of its own; the login page must be lazy-loaded.`);
  process.exit(1);
}

/** The chunk and, recursively, everything it imports statically (what loads before it can run). */
function collectStaticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) collectStaticClosure(imported, seen);
  return seen;
}

const keys = collectStaticClosure(LOGIN_PAGE_SOURCE, collectStaticClosure(entryKey));
const chunks = [...keys]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const bytes = fs.readFileSync(path.join(distDir, file));
    return { file, raw: bytes.length, gzip: zlib.gzipSync(bytes).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);

console.log('\nInitial JavaScript for /login (gzip):');
for (const chunk of chunks) console.log(`  ${kB(chunk.gzip).padStart(9)}  ${chunk.file}`);
console.log(`  ${'-'.repeat(9)}`);
console.log(`  ${kB(total).padStart(9)}  total of ${chunks.length} chunks; budget ${kB(BUDGET_BYTES)}\n`);

if (total > BUDGET_BYTES) {
  console.error(`report-bundle: /login loads ${kB(total)} of JavaScript (gzip), over the ${kB(BUDGET_BYTES)} budget.`);
  console.error(
    'Look for a static import that the entry (src/main.tsx, router.tsx, routes.tsx, layout/root-layout.tsx) or the login page\n' +
      'gained: routes.tsx may import only *.paths.ts files, types and constants; a zod schema or an antd component there\n' +
      'lands in every first load. The chunk list above shows what is loaded.',
  );
  process.exit(1);
}
