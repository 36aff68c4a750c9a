import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One run of a multi-step write (placing an order: reserve the stone, redeem the coupon, take the
 * payment, send the mail): its state after the last step that finished, so a run cut off by a crash
 * resumes where it stood, forwards or (once a step failed) backwards through the compensations.
 */
export const workflowRuns = pgTable('workflow_runs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  workflow: text('workflow').notNull(),
  status: text('status', { enum: ['running', 'compensating', 'succeeded', 'compensated'] }).notNull().default('running'),
  /** Running: the next step to run. Compensating: the steps below it still to undo. */
  step: integer('step').notNull().default(0),
  state: jsonb('state').notNull(),
  /** Why it turned back: the failed step's error. */
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
