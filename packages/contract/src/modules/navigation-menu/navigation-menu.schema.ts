import { z } from 'zod';
import { INT32_MAX, recordId, recordOf, safeString } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { mediaUrl } from '../media/media.schema.ts';
import { acrossFields, optionalCssClasses, requiredNumber, requiredText } from '../../rules.ts';

/** Limits of document 1 §5 and §9. */
export const MENU_TITLE_MAX = 50;
export const MENU_DESCRIPTION_MAX = 1000;
export const MENU_LINK_MAX = 255;
export const MENU_CSS_CLASS_MAX = 200;

export const MENU_TYPES = ['category', 'page', 'custom_link', 'blank'] as const;
export type MenuType = (typeof MENU_TYPES)[number];
export const MENU_TYPE_LABELS: Record<MenuType, string> = {
  category: 'Category',
  page: 'Page',
  custom_link: 'Custom Link',
  blank: 'Blank',
};

/** An absolute http(s) address: what "valid URL" means for a custom link (no `javascript:`, no relative paths). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const optionalId = recordId().nullable().default(null);

/**
 * One menu item as the form sends it. Which target field counts depends on the menu type: a category
 * for `category`, a content page for `page`, a link for `custom_link` (required, max 255, a valid
 * URL), nothing for `blank`. The other target fields are cleared on save.
 */
export const navigationMenuItemInputSchema = acrossFields(
  z.object({
    title: requiredText(MENU_TITLE_MAX),
    description: requiredText(MENU_DESCRIPTION_MAX),
    menuType: z.enum(MENU_TYPES, { error: MESSAGES.required }),
    categoryId: optionalId,
    pageId: optionalId,
    link: safeString().trim().default(''),
    sortOrder: requiredNumber({ min: 0, int: true }),
    /** Class names the storefront puts on the item (an icon: `icon-instagram`). */
    cssClass: optionalCssClasses(MENU_CSS_CLASS_MAX),
    /** The `url` of an image uploaded for 'navigation-menu-image', or empty. */
    image: mediaUrl(),
    status: z.boolean(),
  }),
  (item, report) => {
    const requireField = (field: string, message: string = MESSAGES.required) => report([field], message);
    if (item.menuType === 'category' && item.categoryId === null) requireField('categoryId');
    if (item.menuType === 'page' && item.pageId === null) requireField('pageId');
    // A link that is not text has its own issue already.
    if (item.menuType === 'custom_link' && typeof item.link === 'string') {
      if (!item.link) requireField('link');
      else if (item.link.length > MENU_LINK_MAX) requireField('link', MESSAGES.maxLength(MENU_LINK_MAX));
      else if (!isHttpUrl(item.link)) requireField('link', MESSAGES.invalidUrl);
    }
  },
)
  .transform((item) => ({
    ...item,
    categoryId: item.menuType === 'category' ? item.categoryId : null,
    pageId: item.menuType === 'page' ? item.pageId : null,
    link: item.menuType === 'custom_link' ? item.link : '',
  }));
export type NavigationMenuItemInput = z.input<typeof navigationMenuItemInputSchema>;

export const navigationMenuItemRecordSchema = recordOf(navigationMenuItemInputSchema.in, {
  /** null at the top level; changed only by saving the menu order. */
  parentId: z.number().int().nullable(),
  /** Name of the category or title of the page the item points at, for the tree. */
  targetName: z.string().nullable(),
});
export type NavigationMenuItemRecord = z.infer<typeof navigationMenuItemRecordSchema>;

/**
 * The menu items behind /system/navigation-menu. Create, edit, status and delete go through the
 * resource toolkit; the tree (all items) and its order are their own endpoints below.
 */
export const navigationMenuResource = defineResource({
  name: 'navigation-menu',
  entity: 'navigation_menu_item',
  label: 'Menu',
  permission: 'system',
  createInput: navigationMenuItemInputSchema,
  record: navigationMenuItemRecordSchema,
  searchable: ['title'],
  sortable: ['sortOrder', 'title', 'createdAt'],
  defaultSort: { field: 'sortOrder', order: 'asc' },
});

/** GET /api/navigation-menu/tree: every live item, enabled and disabled, in menu order. */
export const navigationMenuTreeSchema = z.object({ items: z.array(navigationMenuItemRecordSchema) });

/** GET /api/navigation-menu/page-options: the live content pages a `page` item can point at. */
export const menuPageOptionsSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), title: z.string(), slug: z.string(), status: z.boolean() })),
});
export type MenuPageOption = z.infer<typeof menuPageOptionsSchema>['items'][number];

/** PUT /api/navigation-menu/order: the new place of each moved item, saved all or nothing. */
export const menuOrderInputSchema = z.object({
  items: z
    .array(
      z.object({
        id: recordId(),
        parentId: recordId().nullable(),
        sortOrder: z.number().int().min(0).max(INT32_MAX),
      }),
      { error: MESSAGES.selectAtLeastOne },
    )
    .min(1, MESSAGES.selectAtLeastOne)
    .max(5000),
});
export type MenuOrderInput = z.infer<typeof menuOrderInputSchema>;

/** POST /api/navigation-menu/sitemap answers what was generated. */
export const sitemapResultSchema = z.object({
  urlCount: z.number().int(),
  generatedAt: z.string(),
  /** Where the back office serves the latest sitemap. */
  path: z.string(),
});
export type SitemapResult = z.infer<typeof sitemapResultSchema>;
