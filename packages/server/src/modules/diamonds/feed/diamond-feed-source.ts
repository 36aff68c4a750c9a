import { DIAMOND_MESSAGES, isAllowedFeedEndpoint } from '@facet/contract/modules/diamonds/diamond.schema';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { StoneFeed } from '../../../integrations/nivoda/feed-stone.ts';
import { createNivodaFeed } from '../../../integrations/nivoda/nivoda-feed.ts';
import { readFeedCredentials } from './diamond-settings.ts';

/**
 * Nivoda with the credentials saved under System (the feed settings), or null until the username,
 * password and endpoint are all set. Read at each use, so a saved change applies to the next run
 * without a restart; the adapter is kept while the credentials stay the same, so its token (valid
 * six hours) serves every Pull Diamond instead of one login each. A sync reads in a worker thread
 * (`readForSync`) with an adapter of its own there: one login a sync.
 */
export function nivodaFeedFromSettings(db: Db, secretKey: () => Buffer): () => Promise<StoneFeed | null> {
  let current: { credentials: string; feed: StoneFeed } | null = null;
  return async () => {
    const { username, password, endpoint } = await readFeedCredentials(db, secretKey());
    if (!username || !password || !endpoint) return null;
    // An older database may hold a plain http:// endpoint the form now refuses: no login is sent there.
    if (!isAllowedFeedEndpoint(endpoint)) throw new AppError('CONFLICT', DIAMOND_MESSAGES.feedEndpointNotHttps);
    const credentials = JSON.stringify([endpoint, username, password]);
    if (current?.credentials !== credentials) current = { credentials, feed: createNivodaFeed({ endpoint, username, password }) };
    return current.feed;
  };
}
