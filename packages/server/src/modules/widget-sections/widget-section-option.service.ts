import { MESSAGES } from '@facet/contract/messages';
import type { SectionOptionInput } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { activeOptionLimitOf, hasOptions, qrLinkOf, sectionOptionResource, templateOf } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import { categoryLinks, isLinkableCategory } from '../categories/index.ts';
import { contentPages } from '../content-pages/content-page.table.ts';
import { assertMediaUrls } from '../media/index.ts';
import { widgetSectionOptions, widgetSections } from './widget-section.table.ts';

type OptionValues = Omit<SectionOptionInput, 'sectionId'> & { sectionId?: number };

/**
 * Locks the section (so two saves of its options take turns) and refuses one more active option than
 * its template holds: two-column 2, one-column 1 (document 3 §2.17). `exceptId` is the option being
 * changed, which does not count against itself. A custom HTML section has no options at all.
 */
async function lockSectionForOption(tx: Db, sectionId: number, willBeActive: boolean, exceptId?: number) {
  const [section] = await tx
    .select({ templateId: widgetSections.templateId })
    .from(widgetSections)
    .where(and(eq(widgetSections.id, sectionId), isLive(widgetSections)))
    .for('update');
  if (!section) throw invalidField('sectionId', MESSAGES.referencedRecordGone);
  const template = templateOf(section.templateId);
  if (!hasOptions(section.templateId)) throw conflict(MESSAGES.sectionOptionLimit(template?.label ?? '', 0));
  const limit = activeOptionLimitOf(section.templateId);
  if (!willBeActive || limit === null) return;
  const [row] = await tx
    .select({ active: count() })
    .from(widgetSectionOptions)
    .where(
      and(
        eq(widgetSectionOptions.sectionId, sectionId),
        isLive(widgetSectionOptions),
        eq(widgetSectionOptions.status, true),
        exceptId === undefined ? undefined : ne(widgetSectionOptions.id, exceptId),
      ),
    );
  if ((row?.active ?? 0) >= limit) throw conflict(MESSAGES.sectionOptionLimit(template?.label ?? '', limit));
}

/** The option's images are uploads made for it; its category or page is live. */
async function assertOptionTargets(tx: Db, input: OptionValues) {
  await assertMediaUrls(tx, { desktopImage: input.desktopImage, mobileImage: input.mobileImage }, ['section-option-image']);
  if (input.linkType === 'category' && input.categoryId && !(await isLinkableCategory(tx, input.categoryId))) throw invalidField('categoryId', MESSAGES.unknownCategory);
  if (input.linkType === 'page' && input.pageId) {
    const [page] = await tx
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(and(eq(contentPages.id, input.pageId), isLive(contentPages)));
    if (!page) throw invalidField('pageId', MESSAGES.unknownPage);
  }
}

/** What each option points at, by id: the category's name, the page's title, the link; '' for blank. */
async function optionValues(source: Db, ids: number[]) {
  const rows = await source
    .select({
      id: widgetSectionOptions.id,
      linkType: widgetSectionOptions.linkType,
      link: widgetSectionOptions.link,
      categoryId: widgetSectionOptions.categoryId,
      pageTitle: contentPages.title,
    })
    .from(widgetSectionOptions)
    .leftJoin(contentPages, eq(contentPages.id, widgetSectionOptions.pageId))
    .where(inArray(widgetSectionOptions.id, ids));
  const categories = await categoryLinks(
    source,
    rows.map((row) => row.categoryId),
  );
  return new Map(
    rows.map((row) => {
      const value = { category: categories.get(row.categoryId ?? 0)?.name, page: row.pageTitle, custom_link: row.link, external_link: row.link, blank: '' }[row.linkType];
      return [row.id, { value: value ?? '' }];
    }),
  );
}

export function createSectionOptionService(db: Db) {
  return createCrudService(db, sectionOptionResource, widgetSectionOptions, {
    // Only the link type's own target is kept; the section is the one the option was added to.
    toValues: (input, { action }) => ({
      ...(action === 'create' ? { sectionId: input.sectionId } : {}),
      title: input.title,
      description: input.description,
      linkType: input.linkType,
      categoryId: input.linkType === 'category' ? input.categoryId : null,
      pageId: input.linkType === 'page' ? input.pageId : null,
      link: input.linkType === 'custom_link' || input.linkType === 'external_link' ? input.link : '',
      desktopImage: input.desktopImage,
      mobileImage: input.mobileImage,
      status: input.status,
    }),
    loadRelations: optionValues,
    async beforeCreate(tx, { input }) {
      await lockSectionForOption(tx, input.sectionId, input.status);
      await assertOptionTargets(tx, input);
    },
    async beforeUpdate(tx, { input, existing }) {
      if (input.sectionId !== existing.sectionId) throw invalidField('sectionId', MESSAGES.optionSectionFixed);
      await lockSectionForOption(tx, existing.sectionId, input.status, existing.id);
      await assertOptionTargets(tx, input);
    },
    async beforeStatus(tx, { status, existing }) {
      await lockSectionForOption(tx, existing.sectionId, status, existing.id);
    },
  });
}

/** The option's QR code address and file title (document 3 §9), or 404 for a deleted or unknown option. */
export async function optionQrTarget(db: Db, id: number, siteUrl: string): Promise<{ link: string; title: string }> {
  const [option] = await db
    .select({
      title: widgetSectionOptions.title,
      linkType: widgetSectionOptions.linkType,
      link: widgetSectionOptions.link,
      categoryId: widgetSectionOptions.categoryId,
      pageSlug: contentPages.slug,
    })
    .from(widgetSectionOptions)
    .leftJoin(contentPages, eq(contentPages.id, widgetSectionOptions.pageId))
    .where(and(eq(widgetSectionOptions.id, id), isLive(widgetSectionOptions)));
  if (!option) throw notFound();
  const categorySlug = option.categoryId === null ? null : ((await categoryLinks(db, [option.categoryId])).get(option.categoryId)?.slug ?? null);
  const slug = option.linkType === 'category' ? categorySlug : option.pageSlug;
  return { link: qrLinkOf(option, { siteUrl, slug }), title: option.title };
}

/** The live content pages an option may link to, by title. */
export async function optionPageOptions(db: Db) {
  return db
    .select({ id: contentPages.id, title: contentPages.title, status: contentPages.status })
    .from(contentPages)
    .where(isLive(contentPages))
    .orderBy(asc(contentPages.title));
}
