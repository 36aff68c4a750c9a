import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';

export const diamondQualities = pgTable(
  'diamond_qualities',
  {
    ...standardColumns,
    ...statusColumn,
    stoneQuality: text('stone_quality').notNull(),
    clarity: text('clarity').notNull(),
    color: text('color').notNull(),
  },
  (t) => [
    uniqueIndex('diamond_qualities_stone_quality_live').on(sql`lower(${t.stoneQuality})`).where(sql`deleted_at is null`),
    ...searchIndexes('diamond_qualities', t.stoneQuality, t.clarity, t.color),
    listIndex('diamond_qualities_created', t, t.createdAt),
  ],
);
