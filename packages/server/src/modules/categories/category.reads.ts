import { ROOT_CATEGORY_ID } from '@facet/contract/modules/categories/category.schema';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { integer } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { categories } from './category.table.ts';

/**
 * Categories as modules of other areas read them (the navigation menu links to them, the sitemap
 * lists them): through these, never by reading the categories table (ARCHITECTURE.md, Boundaries).
 */

/** What another module shows of a category it points at. */
export interface CategoryLink {
  name: string;
  slug: string;
  /** Not deleted. */
  isLive: boolean;
  /** Its status switch is on. */
  isActive: boolean;
}

/** The categories `ids` name, deleted ones too (a menu item still says what it linked to), by id. */
export async function categoryLinks(db: Db, ids: readonly (number | null)[]): Promise<Map<number, CategoryLink>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, status: categories.status, deletedAt: categories.deletedAt })
    .from(categories)
    .where(inArray(categories.id, wanted));
  return new Map(rows.map((row) => [row.id, { name: row.name, slug: row.slug, isLive: row.deletedAt === null, isActive: row.status }]));
}

/** Whether `id` is a live category a storefront link may point at: the root (id 1) holds the tree and is no page. */
export async function isLinkableCategory(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, id), ne(categories.id, ROOT_CATEGORY_ID), isLive(categories)));
  return row !== undefined;
}

/** Live categories by slug, for the slugs given (seeders find what they link to by slug). */
export async function liveCategoryIdsBySlug(db: Db, slugs: readonly string[]): Promise<Map<string, number>> {
  if (!slugs.length) return new Map();
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(and(inArray(categories.slug, [...slugs]), isLive(categories)));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** The storefront's diamond category pages: live, active diamond categories in menu order, with when each last changed. */
export async function diamondCategoryPages(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: categories.slug, updatedAt: categories.updatedAt })
    .from(categories)
    .where(and(isLive(categories), eq(categories.status, true), eq(categories.isDiamondCategory, true)))
    .orderBy(asc(categories.orderNo), asc(categories.id));
}

/**
 * A column of another module's table that holds a category's id, with its foreign key to the
 * category: the database keeps the reference whole while that module never reads the table.
 */
export const categoryIdColumn = (name: string) => integer(name).references(() => categories.id);

/**
 * Categories a marketing module may pick (a coupon's categories and exclusions): every live one but
 * the root, by name, or only those of `ids` (to check a choice and label it).
 */
export async function categoryChoices(db: Db, ids?: readonly number[]): Promise<{ id: number; label: string }[]> {
  if (ids && !ids.length) return [];
  return db
    .select({ id: categories.id, label: categories.name })
    .from(categories)
    .where(and(isLive(categories), ne(categories.id, ROOT_CATEGORY_ID), ids ? inArray(categories.id, [...ids]) : undefined))
    .orderBy(asc(categories.name), asc(categories.id));
}

/** The labels of `ids` that a marketing module may pick (live, not the root), by id: to check a choice and name it. */
export async function categoryLabelsById(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  return new Map((await categoryChoices(db, ids)).map((row) => [row.id, row.label]));
}

/** Live categories whose name is one of `names` (exactly), in the order of `names`; a name no category has is left out. */
export async function liveCategoriesNamed(db: Db, names: readonly string[]): Promise<{ id: number; name: string }[]> {
  if (!names.length) return [];
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(inArray(categories.name, [...names]), isLive(categories)))
    .orderBy(asc(categories.id));
  return names.flatMap((name) => rows.filter((row) => row.name === name).slice(0, 1));
}
