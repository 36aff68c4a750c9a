/**
 * The wide table of the list-scale bench, shaped like the diamond feed, and its list: declared as a
 * real table and resource are (indexes in the drizzle table, typed filters in the resource), so the
 * bench measures the recipe the diamonds list will follow (ARCHITECTURE, "List queries and filters").
 */
import { recordMetaSchema } from '@facet/contract/api';
import { booleanFilter, choiceFilter, rangeFilter } from '@facet/contract/list-query';
import { defineResource } from '@facet/contract/resource';
import { PRICE_MAX } from '@facet/contract/rules';
import { boolean, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../src/db/columns.ts';

export const SHAPES = ['Round', 'Oval', 'Cushion', 'Pear', 'Emerald', 'Princess', 'Radiant', 'Asscher', 'Marquise', 'Heart'] as const;

export const stones = pgTable('bench_stones', {
  ...standardColumns,
  ...statusColumn,
  stockNumber: text('stock_number').notNull(),
  shape: text('shape').notNull(),
  carat: numeric('carat', { precision: 6, scale: 3, mode: 'number' }).notNull(),
  colour: text('colour').notNull(),
  clarity: text('clarity').notNull(),
  cut: text('cut').notNull(),
  isLab: boolean('is_lab').notNull(),
  certificate: text('certificate').notNull(),
  lab: text('lab').notNull(),
  vendorId: integer('vendor_id').notNull(),
  price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  measurements: text('measurements').notNull(),
}, (t) => [
  // The list's default order (newest first): the first page and page 10 walk it backwards, and the
  // capped count of an unfiltered list reads it alone.
  listIndex('bench_stones_created', t, t.createdAt),
  // Shape (equality) then carat (range): the rows of one shape in a carat band are one stretch of
  // the index, so the capped count never reads the table.
  listIndex('bench_stones_shape_carat', t, t.shape, t.carat),
  // Type (equality) then price (range and order): a price band of one type, in price order, is one
  // stretch, so `order by price, id limit 20` stops after 20 entries, and the export's keyset
  // batches (earth mined, by price) walk it.
  listIndex('bench_stones_lab_price', t, t.isLab, t.price),
  // Sorted by carat, or by price without the type, whatever else is asked: walked in order, the
  // filters checked on the way (the toolkit refuses a sortable field no index leads).
  listIndex('bench_stones_carat', t, t.carat),
  listIndex('bench_stones_price', t, t.price),
  // The searched fields' trigram indexes (the toolkit refuses a searchable field without one).
  ...searchIndexes('bench_stones', t.stockNumber, t.certificate),
]);

export const stoneResource = defineResource({
  name: 'bench-stones',
  entity: 'bench_stone',
  label: 'Stone',
  permission: 'diamonds',
  createInput: z.object({}),
  record: recordMetaSchema.extend({
    status: z.boolean(),
    stockNumber: z.string(),
    shape: z.string(),
    carat: z.number(),
    colour: z.string(),
    clarity: z.string(),
    cut: z.string(),
    isLab: z.boolean(),
    certificate: z.string(),
    lab: z.string(),
    vendorId: z.number(),
    price: z.number(),
    measurements: z.string(),
  }),
  searchable: ['stockNumber', 'certificate'],
  sortable: ['createdAt', 'price', 'carat'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  // The list's typed filters, as the diamonds list will declare them: the crud service maps each to
  // its column, and the bench's queries are read by the list's own schema, as the route reads them.
  filters: {
    shape: choiceFilter('Shape', Object.fromEntries(SHAPES.map((shape) => [shape, shape])) as Record<(typeof SHAPES)[number], string>),
    carat: rangeFilter('Carat', { max: 100, decimals: 3 }),
    price: rangeFilter('Price', { max: PRICE_MAX, decimals: 2 }),
    isLab: booleanFilter('Type', { trueValue: 'lab', falseValue: 'earth', trueLabel: 'Lab grown', falseLabel: 'Earth mined' }),
  },
});
