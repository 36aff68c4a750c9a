/**
 * The outbox's delivery delay on PostgreSQL (issue 23 §3): the time from a write's commit to its
 * subscriber running, through the real relay (polling every EVENT_RELAY_POLL_MS, 100 ms by default)
 * and pg-boss, as the app runs them. Idle: one write at a time, each waiting for its delivery (after a
 * random pause, so writes do not line up with the relay's polls). Under load: a steady stream of
 * writes (BENCH_EVENTS_PER_SECOND, default 200) for BENCH_SECONDS (default 20), each its own
 * transaction emitting one event. Prints p50, p95 and max of each, with the machine's load average
 * (the delay is mostly waiting, but a loaded machine stretches it).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/event-delivery.bench.ts   (in packages/server; also in `npm run bench`)
 */
import os from 'node:os';
import Fastify from 'fastify';
import { emit } from '../src/events/emit.ts';
import { createEventRelay } from '../src/events/event-relay.ts';
import type { EventSubscriber } from '../src/events/event-subscriber.ts';
import { createJobEngine } from '../src/jobs/job-engine.ts';
import { openBenchDatabase } from './bench-database.ts';

const IDLE_EVENTS = Number(process.env.BENCH_IDLE_EVENTS ?? 100);
const RATE = Number(process.env.BENCH_EVENTS_PER_SECOND ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

const log = Fastify({ logger: false }).log;
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const { database, drop } = await openBenchDatabase();
const db = database.db;

/** When each write committed (its client saw the commit), and when its subscriber ran, by the write's number. */
const committedAt = new Map<number, number>();
const deliveredAt = new Map<number, number>();
let onDelivered: (() => void) | null = null;
const subscriber: EventSubscriber = {
  name: 'bench.delivery-delay',
  event: 'products.changed',
  async handle(payload) {
    if ('ids' in payload) for (const id of payload.ids) if (!deliveredAt.has(id)) deliveredAt.set(id, performance.now());
    onDelivered?.();
  },
};

const engine = createJobEngine(db, log);
const relay = createEventRelay(db, [subscriber], engine, log);
relay.start();

let next = 1;
/** One write: its own transaction, one event naming its number; answers the number once committed. */
async function write(): Promise<number> {
  const id = next++;
  await db.transaction((tx) => emit(tx, 'products.changed', { ids: [id] }));
  committedAt.set(id, performance.now());
  return id;
}

async function delivered(ids: readonly number[], timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (ids.some((id) => !deliveredAt.has(id))) {
    if (performance.now() > deadline) throw new Error(`${ids.filter((id) => !deliveredAt.has(id)).length} events not delivered in ${timeoutMs} ms`);
    await new Promise<void>((resolve) => {
      onDelivered = resolve;
      setTimeout(resolve, 50);
    });
  }
}

function summary(label: string, ids: readonly number[]) {
  const delays = ids.map((id) => deliveredAt.get(id)! - committedAt.get(id)!).sort((a, b) => a - b);
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))]!.toFixed(0);
  console.log(`${label}: ${delays.length} events, commit to subscriber p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${delays.at(-1)!.toFixed(0)} ms (load average ${load()})`);
}

try {
  console.log(`event delivery delay on PostgreSQL, relay polling every ${process.env.EVENT_RELAY_POLL_MS ?? 100} ms; ${os.cpus().length} cores, load average ${load()}`);
  // Warm-up: pg-boss starts on the first event (its schema, the queue, the worker).
  await delivered([await write()], 60_000);

  const idle: number[] = [];
  for (let i = 0; i < IDLE_EVENTS; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 100));
    const id = await write();
    idle.push(id);
    await delivered([id], 30_000);
  }
  summary('idle, one write at a time', idle);

  const loaded: Promise<number>[] = [];
  const started = performance.now();
  const total = RATE * SECONDS;
  // Writes fall due at an even pace; each tick starts the ones due by now, without waiting for the last.
  while (loaded.length < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
    while (loaded.length < due) loaded.push(write());
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const ids = await Promise.all(loaded);
  const writeSeconds = (performance.now() - started) / 1000;
  await delivered(ids, 120_000);
  summary(`under load, ${RATE} events/s for ${SECONDS} s (${(ids.length / writeSeconds).toFixed(0)}/s committed)`, ids);
} finally {
  await relay.stop();
  await engine.onClose();
  await drop();
}
