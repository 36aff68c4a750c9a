import type { LinkType, TemplateId } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { BEST_SELLER_CATEGORY_NAMES, TEMPLATE } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { SeedContext } from '../../db/seed.ts';
import { liveCategoriesNamed, liveCategoryIdsBySlug } from '../categories/index.ts';
import { contentPages } from '../content-pages/content-page.table.ts';
import { storeDemoPicture } from '../media/index.ts';
import { productsForSale, sampleProductIdsForSale } from '../products/index.ts';
import { widgetSectionOptions, widgetSections } from './widget-section.table.ts';

interface DemoOption {
  title: string;
  description: string;
  linkType: LinkType;
  /** A category's slug, a page's slug, or the link itself. */
  target?: string;
}

interface DemoSection {
  sectionName: string;
  subTitle: string;
  sortOrder: number;
  templateId: TemplateId;
  content?: string;
  options: DemoOption[];
}

/** One section of each template, as the home page shows them top to bottom (issue 26 demo data). */
const DEMO_SECTIONS: DemoSection[] = [
  {
    sectionName: 'Home Slider',
    subTitle: 'Our seasonal stories',
    sortOrder: 1,
    templateId: TEMPLATE.slider,
    options: [
      { title: 'Engagement Rings', description: 'Solitaires, halos and trilogies, set by hand in Hatton Garden.', linkType: 'category', target: 'engagement-rings' },
      { title: 'Our Story', description: 'A family jeweller since 1998.', linkType: 'page', target: 'about-us' },
      { title: 'Winter Gift Guide', description: 'Gifts for every budget.', linkType: 'custom_link', target: 'gift-guide/winter' },
    ],
  },
  {
    sectionName: 'Shop by Category',
    subTitle: 'Find the piece for the moment',
    sortOrder: 2,
    templateId: TEMPLATE.threeColumn,
    options: [
      { title: 'Rings', description: 'Engagement, wedding and eternity rings.', linkType: 'category', target: 'rings' },
      { title: 'Earrings', description: 'Studs, hoops and drops.', linkType: 'category', target: 'earrings' },
      { title: 'Necklaces', description: 'Pendants and chains in gold and platinum.', linkType: 'category', target: 'necklaces' },
    ],
  },
  {
    sectionName: 'Best Sellers',
    subTitle: 'What our customers love',
    sortOrder: 3,
    templateId: TEMPLATE.bestSeller,
    options: [{ title: 'Shop all best sellers', description: 'Our most loved pieces.', linkType: 'blank' }],
  },
  {
    sectionName: 'Natural or Lab Grown',
    subTitle: 'Two ways to the same sparkle',
    sortOrder: 4,
    templateId: TEMPLATE.twoColumn,
    options: [
      { title: 'Natural Diamonds', description: 'Formed over a billion years.', linkType: 'custom_link', target: 'diamonds/natural' },
      { title: 'Lab Grown Diamonds', description: 'Identical in fire, a kinder price.', linkType: 'custom_link', target: 'diamonds/lab-grown' },
    ],
  },
  {
    sectionName: 'Visit Our Showroom',
    subTitle: 'Hatton Garden, London',
    sortOrder: 5,
    templateId: TEMPLATE.oneColumn,
    options: [{ title: 'Book an appointment', description: 'Monday to Saturday, 10am to 6pm.', linkType: 'external_link', target: 'https://maps.google.com/?q=Hatton+Garden+London' }],
  },
  {
    sectionName: 'Why Facet',
    subTitle: 'Our promise',
    sortOrder: 6,
    templateId: TEMPLATE.customHtml,
    // Written as the full toolbar writes it (a font, a table), so the demo shows what the editor offers.
    content: [
      '<h2><span style="font-family: Didot, serif;">Why Facet</span></h2>',
      '<ul><li><p><strong>Free insured delivery</strong> on every order</p></li><li><p>30-day returns</p></li><li><p>Lifetime care: free cleaning and checks</p></li></ul>',
      '<p>Every diamond comes with an independent grading report.</p>',
      '<table style="min-width: 50px;"><colgroup><col style="min-width: 25px;"><col style="min-width: 25px;"></colgroup><tbody>',
      '<tr><th colspan="1" rowspan="1"><p>Our promise</p></th><th colspan="1" rowspan="1"><p>What it means</p></th></tr>',
      '<tr><td colspan="1" rowspan="1"><p>Conflict-free</p></td><td colspan="1" rowspan="1"><p>Every stone traced to a Kimberley Process source</p></td></tr>',
      '<tr><td colspan="1" rowspan="1"><p>Resizing</p></td><td colspan="1" rowspan="1"><p>Free within 60 days of delivery</p></td></tr>',
      '</tbody></table>',
      '<p><span style="font-family: Georgia, serif; font-size: 14px;">Hatton Garden, London, since 1998.</span></p>',
    ].join(''),
    options: [],
  },
];

/** A tile picture for an option: its title on a soft backdrop. */
function tileSvg(title: string, isMobile: boolean, tone: number): string {
  const [width, height] = isMobile ? [600, 800] : [900, 600];
  const back = ['#f7f1e3', '#eef2f5', '#f6ece9', '#eef5ee'][tone % 4];
  const safe = title.replace(/[<>&]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${back}"/><rect x="30" y="30" width="${width - 60}" height="${height - 60}" fill="none" stroke="#c9a227" stroke-width="6"/><text x="${width / 2}" y="${height / 2}" font-family="serif" font-size="48" text-anchor="middle" fill="#3b2f1e">${safe}</text></svg>`;
}

export async function seedDemoWidgetSections(tx: Db, { adminId, mediaStorage }: SeedContext) {
  const slugs = DEMO_SECTIONS.flatMap((section) => section.options.filter((option) => option.linkType === 'category').map((option) => option.target!));
  const categoryIds = await liveCategoryIdsBySlug(tx, slugs);
  const pageSlugs = DEMO_SECTIONS.flatMap((section) => section.options.filter((option) => option.linkType === 'page').map((option) => option.target!));
  const pages = await tx
    .select({ id: contentPages.id, slug: contentPages.slug })
    .from(contentPages)
    .where(and(inArray(contentPages.slug, pageSlugs), isLive(contentPages)));
  const pageIds = new Map(pages.map((page) => [page.slug, page.id]));

  // Best sellers: four products a shopper can buy for each of the template's categories the demo has.
  const bestSellerCategories = await liveCategoriesNamed(tx, BEST_SELLER_CATEGORY_NAMES);
  const forSale = await productsForSale(tx, await sampleProductIdsForSale(tx, bestSellerCategories.length * 4));
  const skus = [...forSale.values()].map((product) => product.sku);
  const bestSellers = bestSellerCategories.map((category, index) => ({ categoryId: category.id, skus: skus.slice(index * 4, index * 4 + 4) })).filter((entry) => entry.skus.length);

  for (const section of DEMO_SECTIONS) {
    const [row] = await tx
      .insert(widgetSections)
      .values({
        sectionName: section.sectionName,
        subTitle: section.subTitle,
        sortOrder: section.sortOrder,
        templateId: section.templateId,
        content: section.content ?? '',
        bestSellers: section.templateId === TEMPLATE.bestSeller ? bestSellers : [],
        createdBy: adminId,
        updatedBy: adminId,
      })
      .returning({ id: widgetSections.id });
    // Every option's desktop image is required: without a media store (tests seed without files) the sections have no options.
    if (!mediaStorage) continue;
    for (const [index, option] of section.options.entries()) {
      const picture = async (isMobile: boolean) =>
        storeDemoPicture(tx, mediaStorage, adminId, { purpose: 'section-option-image', svg: tileSvg(option.title, isMobile, index), name: `section-option-${row!.id}-${index}-${isMobile ? 'mobile' : 'desktop'}` });
      await tx.insert(widgetSectionOptions).values({
        sectionId: row!.id,
        title: option.title,
        description: option.description,
        linkType: option.linkType,
        categoryId: option.linkType === 'category' ? (categoryIds.get(option.target!) ?? null) : null,
        pageId: option.linkType === 'page' ? (pageIds.get(option.target!) ?? null) : null,
        link: option.linkType === 'custom_link' || option.linkType === 'external_link' ? option.target! : '',
        desktopImage: await picture(false),
        mobileImage: await picture(true),
        createdBy: adminId,
        updatedBy: adminId,
      });
    }
  }
}
