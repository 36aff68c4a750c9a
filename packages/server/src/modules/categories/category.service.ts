import { MESSAGES } from '@facet/contract/messages';
import { CATEGORY_IMAGE_FIELDS, categoryInputSchema, categoryResource, ROOT_CATEGORY_ID } from '@facet/contract/modules/categories/category.schema';
import type { CategoryFilterOrderInput, CategoryRecord, CategoryTreeNode, CategoryValues } from '@facet/contract/modules/categories/category.schema';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { emit } from '../../events/emit.ts';
import type { Usage } from '../../db/usage.ts';
import { assertNotInUse } from '../../db/usage.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError, conflict, invalidField, parseOrThrow } from '../../http/errors.ts';
import { sanitizeRichTextField } from '../../http/rich-text-field.ts';
import { assertMediaUrls } from '../media/index.ts';
import { productAttributes } from '../product-attributes/product-attribute.table.ts';
import { categories, categoryFilterOptions } from './category.table.ts';
import { isLive } from '../../db/columns.ts';

/**
 * Writes that change the shape of the tree (new parent, new child, delete) take this lock for their
 * transaction, so two moves cannot each pass the cycle check against the tree before the other.
 * It is taken first, before the category's row: a move locks the new parent's row too (the foreign
 * key check), so taking it second let two crossed moves (A under B, B under A) deadlock.
 */
const TREE_LOCK_KEY = 'categories.tree';

async function lockTree(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${TREE_LOCK_KEY}))`);
}

/** The ids on the way from `id` up to the root, `id` included (the tree is small and shallow: read once, walk in memory). */
async function ancestorIds(tx: Db, id: number): Promise<number[]> {
  const rows = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories).where(isLive(categories));
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  const chain: number[] = [];
  for (let current: number | null | undefined = id; current != null && !chain.includes(current); current = parentOf.get(current)) chain.push(current);
  return chain;
}

/** The parent must be a live category, and not the category itself or one of its descendants. */
async function assertValidParent(tx: Db, parentId: number, movingId: number | undefined) {
  const [parent] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, parentId), isLive(categories)));
  if (!parent) throw invalidField('parentId', MESSAGES.unknownCategory);
  if (movingId !== undefined && (await ancestorIds(tx, parentId)).includes(movingId)) throw invalidField('parentId', MESSAGES.categoryCycle);
}

/** Every image field must hold an upload made for it (raster banners, svg icon), or be empty. */
async function assertImages(tx: Db, input: CategoryValues) {
  for (const purpose of new Set(Object.values(CATEGORY_IMAGE_FIELDS))) {
    const fields = Object.entries(CATEGORY_IMAGE_FIELDS).filter(([, fieldPurpose]) => fieldPurpose === purpose);
    await assertMediaUrls(tx, Object.fromEntries(fields.map(([field]) => [field, input[field as keyof typeof CATEGORY_IMAGE_FIELDS]])), [purpose]);
  }
}

/** Filter options and the size attribute must be live product attributes; a 400 on the field that names another. */
async function assertAttributes(tx: Db, input: CategoryValues) {
  const wanted = [...input.filterOptions.map((option) => option.attributeId), ...(input.sizeAttributeId ? [input.sizeAttributeId] : [])];
  if (!wanted.length) return;
  const live = new Set(
    (
      await tx
        .select({ id: productAttributes.id })
        .from(productAttributes)
        .where(and(inArray(productAttributes.id, wanted), isLive(productAttributes)))
    ).map((row) => row.id),
  );
  const unknownOption = input.filterOptions.findIndex((option) => !live.has(option.attributeId));
  if (unknownOption >= 0) {
    const path = ['filterOptions', unknownOption, 'attributeId'];
    throw new AppError('VALIDATION_FAILED', MESSAGES.unknownAttribute, [{ path, message: MESSAGES.unknownAttribute }]);
  }
  if (input.sizeAttributeId && !live.has(input.sizeAttributeId)) throw invalidField('sizeAttributeId', MESSAGES.unknownAttribute);
}

/** A category with live subcategories, or one something uses (`usages`: the navigation menu's items), is not deleted. */
async function assertDeletable(tx: Db, id: number, usages: readonly Usage[]) {
  const [child] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.parentId, id), isLive(categories)))
    .limit(1);
  if (child) throw conflict(MESSAGES.categoryHasChildren);
  await assertNotInUse(tx, usages, id, 'This category');
}

const parents = alias(categories, 'parent');

/** The root (id 1) anchors the tree: it is not edited, switched or deleted. */
function assertNotRoot(id: number) {
  if (id === ROOT_CATEGORY_ID) throw conflict(MESSAGES.rootCategoryLocked);
}

/**
 * Categories, with what refuses a delete (`usages`: who points at categories, as the module's manifest
 * declares them; the navigation menu's items).
 */
export function createCategoryService(db: Db, usages: readonly Usage[]) {
  const crud = createCrudService(db, categoryResource, categories, {
    prepareInput: async (input) => ({ ...input, footerDescription: await sanitizeRichTextField('footerDescription', input.footerDescription) }),
    toValues: ({ filterOptions: _filterOptions, ...values }) => values,
    // The storefront's category documents and menu are built from categories (the cache subscribes).
    afterWrite: (tx) => emit(tx, 'categories.changed', {}),

    async loadRelations(source, ids) {
      const parentRows = await source
        .select({ id: categories.id, parentName: parents.name })
        .from(categories)
        .leftJoin(parents, and(eq(parents.id, categories.parentId), ne(parents.id, ROOT_CATEGORY_ID)))
        .where(inArray(categories.id, ids));
      const options = await source
        .select({
          categoryId: categoryFilterOptions.categoryId,
          attributeId: categoryFilterOptions.attributeId,
          sortOrder: categoryFilterOptions.sortOrder,
          attributeName: productAttributes.attributeName,
        })
        .from(categoryFilterOptions)
        .innerJoin(productAttributes, eq(productAttributes.id, categoryFilterOptions.attributeId))
        .where(inArray(categoryFilterOptions.categoryId, ids))
        .orderBy(asc(categoryFilterOptions.sortOrder));
      const byId = new Map(parentRows.map((row) => [row.id, { parentName: row.parentName, filterOptions: [] as CategoryRecord['filterOptions'] }]));
      for (const option of options) {
        byId.get(option.categoryId)?.filterOptions.push({ attributeId: option.attributeId, sortOrder: option.sortOrder, attributeName: option.attributeName });
      }
      return byId;
    },

    async saveRelations(tx, id, input) {
      await tx.delete(categoryFilterOptions).where(eq(categoryFilterOptions.categoryId, id));
      if (input.filterOptions.length) {
        await tx
          .insert(categoryFilterOptions)
          .values(input.filterOptions.map((option, index) => ({ categoryId: id, attributeId: option.attributeId, sortOrder: index })));
      }
    },

    lockFirst: async (tx, action) => {
      if (action !== 'status') await lockTree(tx);
    },

    async beforeCreate(tx, { input }) {
      await assertValidParent(tx, input.parentId, undefined);
      await assertImages(tx, input);
      await assertAttributes(tx, input);
    },
    async beforeUpdate(tx, { input, existing }) {
      assertNotRoot(existing.id);
      if (input.parentId !== existing.parentId) await assertValidParent(tx, input.parentId, existing.id);
      await assertImages(tx, input);
      await assertAttributes(tx, input);
    },
    beforeStatus: async (_tx, { existing }) => assertNotRoot(existing.id),
    async beforeDelete(tx, { existing }) {
      assertNotRoot(existing.id);
      await assertDeletable(tx, existing.id, usages);
    },

    // The root is the tree's anchor, not a category staff manage: it is not listed.
    listFilters: () => ne(categories.id, ROOT_CATEGORY_ID),
  });

  return {
    ...crud,

    /** Every live category, the root included, for tree choosers, the navigation menu and the sitemap. */
    async tree(): Promise<CategoryTreeNode[]> {
      const rows = await db
        .select({
          id: categories.id,
          parentId: categories.parentId,
          name: categories.name,
          slug: categories.slug,
          status: categories.status,
          isDiamondCategory: categories.isDiamondCategory,
          updatedAt: categories.updatedAt,
        })
        .from(categories)
        .where(isLive(categories))
        .orderBy(asc(categories.orderNo), asc(sql`lower(${categories.name})`), asc(categories.id));
      return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
    },

    /**
     * Saves a new order of a saved category's filter options at once (document 1 §4). It is an
     * update of the category like any other (version check, audit), so the form continues with the
     * version it gets back.
     */
    async reorderFilterOptions(id: number, { version, attributeIds }: CategoryFilterOrderInput, context: RequestContext): Promise<CategoryRecord> {
      const current = await crud.get(id);
      const saved = current.filterOptions.map((option) => option.attributeId);
      const isPermutation = attributeIds.length === saved.length && new Set(attributeIds).size === saved.length && attributeIds.every((attributeId) => saved.includes(attributeId));
      if (!isPermutation) throw conflict(MESSAGES.filterOptionsChanged);
      const values = parseOrThrow(categoryInputSchema, { ...current, filterOptions: attributeIds.map((attributeId) => ({ attributeId })) });
      return crud.update(id, values, version, context);
    },
  };
}

/**
 * Live categories use attributes as filter options and as their size attribute: such an attribute
 * cannot be deleted (the product attributes module lists this usage).
 */
export const categoryAttributeUsage: Usage = {
  usedBy: 'categories',
  async findUsedIds(db, ids) {
    const asFilter = await db
      .selectDistinct({ id: categoryFilterOptions.attributeId })
      .from(categoryFilterOptions)
      .innerJoin(categories, and(eq(categories.id, categoryFilterOptions.categoryId), isLive(categories)))
      .where(inArray(categoryFilterOptions.attributeId, ids));
    const asSize = await db
      .selectDistinct({ id: categories.sizeAttributeId })
      .from(categories)
      .where(and(inArray(categories.sizeAttributeId, ids), isLive(categories)));
    return [...new Set([...asFilter, ...asSize].map((row) => row.id))];
  },
};

/**
 * The root category (id 1, the spec gives the id meaning) on every new database. Inserted with its
 * id, then the identity sequence moved past it so the next category gets 2.
 */
export async function seedRootCategory(tx: Db) {
  await tx.execute(sql`
    insert into categories (id, name, title, slug, parent_id)
    overriding system value values (${ROOT_CATEGORY_ID}, 'Root Category', 'Root Category', 'root-category', null)
    on conflict (id) do nothing`);
  await tx.execute(sql`select setval(pg_get_serial_sequence('categories', 'id'), (select max(id) from categories))`);
}
