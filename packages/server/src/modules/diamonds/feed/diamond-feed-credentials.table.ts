import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { standardColumns } from '../../../db/columns.ts';

/**
 * The diamond feed's credentials: one row per feed (`nivoda`). They live here rather than among the
 * setting options so that no generic settings write (a renamed key, an edited endpoint) can reach
 * them: only the feed settings route writes them, and it clears the password when the endpoint moves
 * to another origin. `password` is encrypted (secret-key.ts), '' when none is stored.
 */
export const diamondFeedCredentials = pgTable(
  'diamond_feed_credentials',
  {
    ...standardColumns,
    feed: text('feed').notNull(),
    endpoint: text('endpoint').notNull().default(''),
    username: text('username').notNull().default(''),
    password: text('password').notNull().default(''),
  },
  (t) => [uniqueIndex('diamond_feed_credentials_feed').on(t.feed)],
);
