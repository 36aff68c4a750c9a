import type { PermissionRequirement } from '@facet/contract/permissions';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { ServiceContext } from '../http/context.ts';

/** Thrown by `progress` when someone asked to cancel: the job stops between batches, its transaction never opens. */
export class JobCancelled extends Error {
  constructor() {
    super('Cancelled');
  }
}

export interface JobRunContext<P> {
  runId: number;
  params: P;
  /** Who the job acts for, for the audit log. */
  context: ServiceContext;
  db: Db;
  /**
   * Records progress and beats the heart; throws `JobCancelled` when a cancel was asked for. Call it
   * between batches, outside a transaction.
   */
  progress(done: number, total?: number): Promise<void>;
  /** Marks the run succeeded inside the job's final transaction, so the data and the status commit together. */
  succeed(tx: Db, result: Record<string, unknown>): Promise<void>;
}

/**
 * A kind of job as its module declares it (`defineJobKind`, listed in the module manifest's
 * `jobKinds`): its name, the label and area the Job Centre shows it under, its input schema and its
 * handler.
 */
export interface JobKindDefinition<P> {
  kind: string;
  /** What the Job Centre calls it. */
  label: string;
  /** The area it belongs to: whoever holds this permission sees its runs, cancels and retries them. */
  permission: PermissionRequirement;
  params: z.ZodType<P>;
  run(job: JobRunContext<P>): Promise<void>;
  /**
   * Runs in the engine's side lane, where three runs go at once (on PostgreSQL), beside the main lane's
   * one: for kinds whose runs touch disjoint rows and spend much of their time waiting on something
   * else (a feed's HTTP), so one run's reading overlaps another's database work. The kind itself
   * keeps its runs from colliding with each other and with the main lane's (diamond syncs: one run
   * per import service, an advisory lock against a repricing).
   */
  sideLane?: boolean;
  /**
   * The kind's own start, when starting it takes more than queuing a run (checks that refuse, state
   * that a start changes): it answers the new run's id. A retry goes through it, so a retried run
   * meets every rule a first start meets (a diamond sync is refused while its service runs). Kinds
   * without one are retried by queuing their params again.
   */
  start?(params: P, starting: JobStart<P>): Promise<number>;
}

/**
 * A job kind as the engine holds it, whatever its input: `defineJobKind` reads the stored params with
 * the kind's own schema before its handler sees them, so the engine needs no cast to call it.
 */
export interface JobKind extends Pick<JobKindDefinition<unknown>, 'kind' | 'label' | 'permission' | 'sideLane'> {
  params: z.ZodType;
  run(job: JobRunContext<unknown>): Promise<void>;
  start?(params: unknown, starting: JobStart<unknown>): Promise<number>;
}

/** Declares a job kind with its input typed by its schema, for a module manifest's `jobKinds`. */
export function defineJobKind<P>(definition: JobKindDefinition<P>): JobKind {
  const { run, start, ...declared } = definition;
  return {
    ...declared,
    run: (job) => run({ ...job, params: definition.params.parse(job.params) }),
    ...(start && { start: (params, starting) => start(definition.params.parse(params), { ...starting, submit: (typed: P, within?: Db) => starting.submit(typed, within) }) }),
  };
}

/** What a kind's `start` is given: who starts it, the database, and the engine's queuing of a run of this kind. */
export interface JobStart<P> {
  actor: { id: number; name: string };
  db: Db;
  /** Queues a run, in the kind's own transaction when it gives one (a check and the queueing under one lock). */
  submit(params: P, within?: Db): Promise<number>;
}
