import fs from 'node:fs';
import type { BenchServer } from './bench-server.ts';

/**
 * A case of an API bench: a route to GET, or the request of each run (a POST to another record each
 * time). `paceMs` starts each run that long after the last one started, as staff's writes arrive
 * (seconds apart, each starting background work: events, mail, documents), instead of back to back.
 */
export type ApiCase = [label: string, request: string | ((run: number) => [route: string, init: RequestInit]), options?: { paceMs?: number }];

/** What a list answers, for the total a case prints (an order's own `total` is no count: it has no items). */
type Answer = { items?: unknown[]; total?: number; totalIsCapped?: boolean };

/** CPU seconds used so far by a process, from /proc (user and system). */
export function processCpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The bench database's side of the figures (bench-database.ts). */
interface BenchDatabase {
  name: string;
  cpuSeconds(): Promise<{ postgres: number }>;
  keep(): Promise<void>;
  drop(): Promise<void>;
}

/** CPU seconds used so far by the server process and the PostgreSQL backends of the bench's database. */
export const serverAndDatabaseCpuSeconds = (bench: BenchDatabase, serverPid: number) => async () => processCpuSeconds(serverPid) + (await bench.cpuSeconds()).postgres;

/**
 * The end of a bench of the server on a seeded database: the server stopped, its folder removed, the
 * database kept for EXPLAIN and a later BENCH_REUSE (`isKept`: BENCH_KEEP=1, or one reused) or dropped.
 */
export async function endServerBench(server: BenchServer | undefined, dataDir: string, bench: BenchDatabase, isKept: boolean) {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (isKept) {
    console.log(`kept database ${bench.name}`);
    await bench.keep();
  } else await bench.drop();
}

/**
 * Times each case over HTTP as the screens call it: three requests that warm the server's and the
 * database's caches, as a screen in use has them, then `runs` timed ones. Prints median and p95 wall
 * time, the CPU one request took in the server and PostgreSQL (`cpuSeconds`: what a loaded machine
 * does not inflate as it does wall time), and a list's total as it answered.
 */
export async function timeApiCases(server: BenchServer, cases: readonly ApiCase[], runs: number, cpuSeconds: () => Promise<number>, width = 52) {
  console.log(`${'case'.padEnd(width)}   median       p95  CPU/req   total`);
  for (const [label, request, options] of cases) {
    const times: number[] = [];
    let cpuBefore = 0;
    let answer: Answer | undefined;
    for (let run = -3; run < runs; run++) {
      const [route, init] = typeof request === 'string' ? [request, undefined] : request(run);
      const start = performance.now();
      const response = await server.api(route, init);
      const body = (await response.json()) as Answer;
      if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(body)}`);
      if (run >= 0) times.push(performance.now() - start);
      const pause = (options?.paceMs ?? 0) - (performance.now() - start);
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      if (run === -1) cpuBefore = await cpuSeconds();
      answer = body;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
    const total = answer?.items === undefined || answer.total === undefined ? '' : `${answer.totalIsCapped ? 'more than ' : ''}${answer.total.toLocaleString('en-GB')}`;
    const cpu = (((await cpuSeconds()) - cpuBefore) * 1000) / runs;
    console.log(`${label.padEnd(width)} ${at(0.5).padStart(7)} ms ${at(0.95).padStart(7)} ms ${cpu.toFixed(1).padStart(7)} ms   ${total}`);
  }
}

export interface ExportJob {
  id: number;
  status: string;
  startedAt: string | null;
  finishedAt: string | null;
  result: { rows?: number } | null;
  error: string | null;
}

/**
 * An Export Excel over the job threshold, as the button asks for it: the route answers 202 with a job,
 * which is polled until it succeeds. Answers the job, its rows and its time from start to end.
 */
export async function exportAsJob(server: BenchServer, route: string): Promise<{ job: ExportJob; rows: number; seconds: number }> {
  const started = await server.api(route);
  if (started.status !== 202) throw new Error(`the export answered ${started.status}, not a job (fewer rows than the job threshold?)`);
  let job = (await started.json()) as ExportJob;
  while (job.status !== 'succeeded') {
    if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`the export job ${job.status}: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    job = (await (await server.api(`/api/jobs/${job.id}`)).json()) as ExportJob;
  }
  return { job, rows: Number(job.result?.rows), seconds: (Date.parse(job.finishedAt!) - Date.parse(job.startedAt!)) / 1000 };
}
