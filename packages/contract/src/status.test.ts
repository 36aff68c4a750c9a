import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordMetaSchema } from './api.ts';
import { MESSAGES } from './messages.ts';
import { defineResource } from './resource.ts';
import { activeSwitch, isAllowedTransition, namedStates, statusLabelOf, statusPatchSchema } from './status.ts';

const REVIEW_STATES = namedStates({ pending: 'Pending', approved: 'Approved', rejected: 'Rejected' });

const reviewResource = defineResource({
  name: 'reviews',
  entity: 'review',
  label: 'Review',
  permission: 'system',
  createInput: z.object({ title: z.string() }),
  record: recordMetaSchema.extend({ title: z.string(), status: z.enum(REVIEW_STATES.states) }),
  status: REVIEW_STATES,
  export: { fileName: 'Reviews', columns: [{ field: 'status', header: 'Status', type: 'status' }] },
});

describe('status of a resource', () => {
  it('is the Active/Inactive switch unless declared, and none when null', () => {
    const plain = defineResource({ name: 'a', entity: 'a', label: 'A', permission: 'system', createInput: z.object({}), record: recordMetaSchema });
    expect(plain.status).toEqual(activeSwitch);
    expect(plain.hasStatus).toBe(true);
    expect(plain.filters).toEqual({});
    const none = defineResource({ name: 'b', entity: 'b', label: 'B', permission: 'system', createInput: z.object({}), record: recordMetaSchema, status: null });
    expect(none.hasStatus).toBe(false);
  });

  it('keeps named states in order, with their labels', () => {
    expect(REVIEW_STATES.states).toEqual(['pending', 'approved', 'rejected']);
    expect(statusLabelOf(REVIEW_STATES, 'approved')).toBe('Approved');
    expect(statusLabelOf(activeSwitch, false)).toBe('Inactive');
  });

  it('allows only the transitions it declares, when it declares any (a state with none listed is final)', () => {
    const ORDER = namedStates(
      { pending: 'Pending', processing: 'Processing', shipped: 'Shipped', cancelled: 'Cancelled' },
      { transitions: { pending: ['processing', 'cancelled'], processing: ['shipped', 'cancelled'] } },
    );
    expect(isAllowedTransition(ORDER, 'pending', 'processing')).toBe(true);
    expect(isAllowedTransition(ORDER, 'processing', 'shipped')).toBe(true);
    expect(isAllowedTransition(ORDER, 'pending', 'shipped')).toBe(false);
    expect(isAllowedTransition(ORDER, 'shipped', 'pending')).toBe(false);
    expect(isAllowedTransition(ORDER, 'cancelled', 'processing')).toBe(false);
    expect(isAllowedTransition(ORDER, 'shipped', 'shipped')).toBe(true);
    // Without a map every change is allowed, as before.
    expect(isAllowedTransition(REVIEW_STATES, 'rejected', 'pending')).toBe(true);
    expect(REVIEW_STATES).not.toHaveProperty('transitions');
    // @ts-expect-error a transition to a state that does not exist is refused by the compiler
    namedStates({ pending: 'Pending', shipped: 'Shipped' }, { transitions: { pending: ['shiped'] } });
  });

  it('validates a status change against the states (or true/false for the switch)', () => {
    expect(statusPatchSchema(REVIEW_STATES).parse({ status: 'approved', version: 1 })).toEqual({ status: 'approved', version: 1 });
    const wrong = statusPatchSchema(REVIEW_STATES).safeParse({ status: true, version: 1 });
    expect(wrong.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.filterChoice('Status', 'pending, approved, rejected')]);
    expect(statusPatchSchema(activeSwitch).safeParse({ status: 'approved', version: 1 }).success).toBe(false);
  });

  it('gives a resource with named states a status filter of them, and its export the labels', () => {
    expect(reviewResource.filters.status).toMatchObject({ kind: 'choice', values: ['pending', 'approved', 'rejected'] });
    expect(reviewResource.listQuery.schema.parse({ status: 'pending,rejected' })).toMatchObject({ status: ['pending', 'rejected'] });
    expect(reviewResource.listQuery.schema.safeParse({ status: 'active' }).success).toBe(false);
    expect(reviewResource.export?.columns[0]?.labels).toEqual(REVIEW_STATES.labels);
  });
});

describe('field names of a resource', () => {
  it('are fields of its record, checked when it compiles', () => {
    const base = { name: 'c', entity: 'c', label: 'C', permission: 'system', createInput: z.object({}), record: recordMetaSchema.extend({ title: z.string() }) } as const;
    expect(defineResource({ ...base, searchable: ['title'], sortable: ['title', 'createdAt'] }).sortable).toEqual(['title', 'createdAt']);
    // @ts-expect-error a misspelt field is refused by the compiler, not found at run time
    defineResource({ ...base, searchable: ['titel'] });
    // @ts-expect-error so is an export column of a field the record does not have
    defineResource({ ...base, export: { fileName: 'C', columns: [{ field: 'name', header: 'Name' }] } });
  });
});
