import type { DeadLetter } from '@facet/contract/modules/jobs/dead-letter.schema';

/** What the modules' subscribers are, by the module part of their name (`cache.products`). */
const SUBSCRIBER_AREAS: Record<string, string> = { cache: 'Storefront cache' };

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What changed, as staff say it: `products.changed` with ids 18 and 19 is "Products #18, #19", one
 * with `all` (a sync, a repricing) "All products". The event's own name stays beside it for whoever
 * reads the server's log.
 */
export function changeLabel(letter: Pick<DeadLetter, 'event' | 'payload'>): string {
  const things = letter.event.replace(/\.changed$/, '').replaceAll('-', ' ');
  const ids = Array.isArray(letter.payload.ids) ? letter.payload.ids.filter((id) => typeof id === 'number' || typeof id === 'string') : [];
  if (letter.payload.all === true || ids.length === 0) return `All ${things}`;
  const shown = ids.slice(0, 5).map((id) => `#${id}`);
  return `${sentenceCase(things)} ${shown.join(', ')}${ids.length > shown.length ? ` and ${ids.length - shown.length} more` : ''}`;
}

/** What failed to follow the change: `cache.products` is "Storefront cache"; a subscriber of an unknown area keeps its name. */
export function subscriberLabel(subscriber: string): string {
  return SUBSCRIBER_AREAS[subscriber.split('.')[0]!] ?? subscriber;
}
