// After `.ci/run`: the slowest test files of each vitest suite and the slowest journeys, from the JSON
// reports the run wrote into one folder (vitest-*.json from vitest's json reporter, playwright.json
// from Playwright's), so CI's time can be cut where it goes.
//   node scripts/slowest-tests.mjs <folder> [how many, default 12]
import fs from 'node:fs';
import path from 'node:path';

const [folder, countText = '12'] = process.argv.slice(2);
const count = Number(countText);
if (!folder || !fs.existsSync(folder)) process.exit(0);
const repoRoot = path.resolve(import.meta.dirname, '..');

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(6)}s`;

function printTable(title, rows) {
  if (!rows.length) return;
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  console.log(`\n== slowest: ${title} (${rows.length}, ${seconds(total).trim()} in all, summed over workers) ==`);
  for (const row of [...rows].sort((a, b) => b.ms - a.ms).slice(0, count)) console.log(`${seconds(row.ms)}  ${row.name}`);
}

/** vitest's json reporter: one entry per test file, with its start and end. */
function vitestFiles(report) {
  return report.testResults.map((file) => ({ name: path.relative(repoRoot, file.name), ms: file.endTime - file.startTime }));
}

/** Playwright's json reporter: suites nest (file, describe); each test has one result per run. */
function playwrightTests(report) {
  const rows = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) rows.push({ name: `${file}:${spec.line} ${spec.title}${result.status === 'passed' ? '' : ` (${result.status})`}`, ms: result.duration });
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? suite.title);
  return rows;
}

for (const entry of fs.readdirSync(folder).sort()) {
  const match = /^vitest-(.+)\.json$/.exec(entry);
  const read = () => JSON.parse(fs.readFileSync(path.join(folder, entry), 'utf8'));
  if (match) printTable(`test files on ${match[1]}`, vitestFiles(read()));
  else if (entry === 'playwright.json') printTable('browser journeys', playwrightTests(read()));
}
