/**
 * Reading the Nivoda feed at scale (issue 12, Performance): starts the fake Nivoda in its own process
 * (`npm run fake:nivoda`, as a demo machine would) with 1,000,000 stones, then times full reads of
 * natural, lab grown and gemstones through the adapter, as a sync reads them, without the database.
 *
 *   npx tsx bench/nivoda-read.bench.ts   (in packages/server; BENCH_STONES, BENCH_CONCURRENCY, BENCH_PAGES to vary)
 *
 * Target: well under 30 s for the million, so a full sync (read + merge) fits in 60 s. Printed:
 * stones/s, requests (searches, counts, retries), the reader's and the fake's peak RSS, the load.
 */
import os from 'node:os';
import { createNivodaClient } from '../src/integrations/nivoda/nivoda-client.ts';
import { createNivodaFeed } from '../src/integrations/nivoda/nivoda-feed.ts';
import { startFakeNivodaProcess } from './fake-nivoda-process.ts';

const STONES = Number(process.env.BENCH_STONES ?? 1_000_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const TARGET_SECONDS = 30;
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const mb = (kilobytes: number) => `${(kilobytes / 1024).toFixed(0)} MB`;

const startedFake = performance.now();
const fake = await startFakeNivodaProcess(STONES);
console.log(`fake Nivoda with ${STONES.toLocaleString('en-GB')} stones up in ${((performance.now() - startedFake) / 1000).toFixed(1)} s at ${fake.endpoint}`);
console.log(`load before: ${load()} (${os.cpus().length} cores)`);

const config = { ...fake.config, concurrency: CONCURRENCY, pagesPerRequest: Number(process.env.BENCH_PAGES ?? 1) };
const client = createNivodaClient(config);
const feed = createNivodaFeed(config, client);

let allStones = 0;
const started = performance.now();
for (const kind of ['natural', 'lab', 'gemstone'] as const) {
  const kindStarted = performance.now();
  const requestsBefore = client.stats.requests;
  let stones = 0;
  let batches = 0;
  let total = null as number | null;
  for await (const batch of feed.read({ kind, mode: 'full', onProgress: (_read, known) => (total = known) })) {
    stones += batch.length;
    batches++;
  }
  const seconds = (performance.now() - kindStarted) / 1000;
  allStones += stones;
  console.log(
    `${kind.padEnd(8)} ${stones.toLocaleString('en-GB').padStart(9)} stones (feed said ${total?.toLocaleString('en-GB')}) in ${seconds.toFixed(2)} s: ` +
      `${Math.round(stones / seconds).toLocaleString('en-GB')} stones/s, ${client.stats.requests - requestsBefore} requests, ${batches} batches`,
  );
}
const seconds = (performance.now() - started) / 1000;
const fakePeak = fake.peakKilobytes();
// CPU seconds of each side: on a shared machine the wall time says more about the neighbours.
const fakeCpu = fake.cpuSeconds();
const readerCpu = (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
console.log(
  `all      ${allStones.toLocaleString('en-GB').padStart(9)} stones in ${seconds.toFixed(2)} s (target <= ${TARGET_SECONDS} s): ${Math.round(allStones / seconds).toLocaleString('en-GB')} stones/s; ` +
    `${client.stats.requests} requests (${client.stats.retries} retries, ${client.stats.authentications} authentication), concurrency ${CONCURRENCY}`,
);
console.log(`CPU: reader ${readerCpu.toFixed(1)} s, fake ${fakeCpu.toFixed(1)} s (including its start)`);
console.log(`peak RSS: reader ${mb(process.resourceUsage().maxRSS)}, fake ${fakePeak ? mb(fakePeak) : 'unknown'}; load after: ${load()}`);
fake.stop();
