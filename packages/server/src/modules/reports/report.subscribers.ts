import type { EventSubscriber } from '../../events/event-subscriber.ts';
import { countClick, countSearch, countView } from './report.service.ts';

/** The storefront's searches, clicks and views, counted into the reports' rollups once each (by event id). */
export const reportSubscribers = (): EventSubscriber[] => [
  { name: 'reports.count-search', event: 'reports.searched', handle: (search, { db, eventId, emittedAt }) => countSearch(db, search, eventId, emittedAt) },
  { name: 'reports.count-click', event: 'reports.link-clicked', handle: (click, { db, eventId, emittedAt }) => countClick(db, click, eventId, emittedAt) },
  { name: 'reports.count-view', event: 'reports.product-viewed', handle: (view, { db, eventId }) => countView(db, view, eventId) },
];
