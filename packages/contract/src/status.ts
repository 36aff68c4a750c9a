import { z } from 'zod';
import { versionNumber } from './api.ts';
import { MESSAGES } from './messages.ts';

/**
 * What a record's `status` is. Most records have the spec's Active/Inactive switch (a boolean, `true`
 * active); orders, reviews, appointments and newsletters move through named states instead. One
 * declaration on the resource gives the status-change body, the list filter, the export cell and
 * the list's control (a switch, or a badge with a choice of states).
 */
export interface SwitchStatus {
  kind: 'switch';
}
/** Named states, each with the label staff see (`pending` → 'Pending'), in the order they are offered. */
export interface StatesStatus<S extends string = string> {
  kind: 'states';
  states: readonly S[];
  labels: Readonly<Record<S, string>>;
  /**
   * The states each state may change to (an order: pending → processing → shipped). A state missing
   * here is final: nothing leaves it. Without a map any state may follow any other.
   */
  transitions?: StateTransitions<S>;
}
/** From each state, the states it may move on to. */
export type StateTransitions<S extends string> = Readonly<Partial<Record<S, readonly S[]>>>;
export type StatusDefinition = SwitchStatus | StatesStatus;

/** The Active/Inactive switch (the default of `defineResource`). */
export const activeSwitch: SwitchStatus = { kind: 'switch' };

/**
 * Named states from their labels, in the order given: `namedStates({ pending: 'Pending', approved: 'Approved' })`,
 * optionally with the changes allowed between them: `{ transitions: { pending: ['approved'] } }`.
 */
export function namedStates<const S extends string>(labels: Readonly<Record<S, string>>, opts: { transitions?: StateTransitions<NoInfer<S>> } = {}): StatesStatus<S> {
  return { kind: 'states', states: Object.keys(labels) as S[], labels, ...(opts.transitions ? { transitions: opts.transitions } : {}) };
}

/**
 * Whether a record may move from state `from` to state `to`: staying where it is always may; with a
 * transitions map only to a state listed under `from`; without one, to any state.
 */
export function isAllowedTransition<S extends string>(status: StatesStatus<S>, from: S, to: S): boolean {
  if (from === to || !status.transitions) return true;
  return status.transitions[from]?.includes(to) ?? false;
}

/** The value of `status` under a definition: a boolean for the switch, one of the state names otherwise. */
export type StatusValue<D> = D extends StatesStatus<infer S> ? S : D extends SwitchStatus ? boolean : never;

/** Validates a `status` value: true/false, or one of the states (400 naming them). */
export function statusValueSchema<D extends StatusDefinition>(status: D): z.ZodType<StatusValue<D>> {
  if (status.kind === 'switch') return z.boolean() as unknown as z.ZodType<StatusValue<D>>;
  const states = status.states as [string, ...string[]];
  return z.enum(states, { error: MESSAGES.filterChoice('Status', states.join(', ')) }) as unknown as z.ZodType<StatusValue<D>>;
}

/** What staff read for a status value: Active/Inactive, or the state's label. */
export function statusLabelOf(status: StatusDefinition, value: unknown): string {
  if (status.kind === 'switch') return value ? 'Active' : 'Inactive';
  return (status.labels as Record<string, string>)[String(value)] ?? String(value);
}

/** The body of PATCH /:id/status: the new status, and the version the change was based on. */
export function statusPatchSchema<D extends StatusDefinition>(status: D) {
  return z.object({ status: statusValueSchema(status), version: versionNumber() });
}
