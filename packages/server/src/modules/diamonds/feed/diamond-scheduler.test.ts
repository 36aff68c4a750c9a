import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../test/test-app.ts';
import { createFeedService } from './diamond-feed.service.ts';
import { createTestFeed } from './test-stone-feed.ts';

/** The import services' schedule (document 3 §2.1, /system/service): what the minute tick starts. */
describe('the diamond feed scheduler', () => {
  const fx = useAdminTestApp();

  it('starts nothing more after a manual start until the schedule comes round, then the run that is due', async () => {
    const submitted: { kind: string; params: Record<string, unknown> }[] = [];
    const service = createFeedService({
      db: fx.t.db,
      feed: async () => createTestFeed(),
      submit: async (_actor, kind, params) => submitted.push({ kind, params }),
      cancel: async () => {},
    });
    const admin = { id: 1, name: 'admin' };

    await service.start('natural', 'incremental', admin);
    expect(submitted).toEqual([{ kind: 'diamonds.sync', params: { kind: 'natural', mode: 'incremental' } }]);

    // A minute later: the manual run was the schedule's run; no full sync is squeezed in behind it.
    await service.tick(new Date(Date.now() + 60_000));
    expect(submitted).toHaveLength(1);

    // Past the incremental interval (60 minutes by default): the incremental run is due; the lab service, off, starts nothing.
    await service.tick(new Date(Date.now() + 61 * 60_000));
    expect(submitted.slice(1)).toEqual([{ kind: 'diamonds.sync', params: { kind: 'natural', mode: 'incremental' } }]);

    // Past the full interval (24 hours): a full sync.
    await service.tick(new Date(Date.now() + 25 * 3_600_000));
    expect(submitted.slice(2)).toEqual([{ kind: 'diamonds.sync', params: { kind: 'natural', mode: 'full' } }]);
  });
});
