import type { MenuType } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { liveCategoryIdsBySlug } from '../categories/index.ts';
import { contentPages } from '../content-pages/content-page.table.ts';
import { navigationMenuItems } from './navigation-menu.table.ts';
import { isLive } from '../../db/columns.ts';

const SHOP = 'https://www.facet-jewellery.co.uk';

interface DemoMenuItem {
  title: string;
  description: string;
  menuType: MenuType;
  /** Slug of the category or content page the item points at. */
  target?: string;
  link?: string;
  cssClass?: string;
  status?: boolean;
  children?: DemoMenuItem[];
}

const category = (title: string, target: string, description: string, children?: DemoMenuItem[]): DemoMenuItem => ({
  title,
  description,
  menuType: 'category',
  target,
  children,
});
const page = (title: string, target: string, description: string): DemoMenuItem => ({ title, description, menuType: 'page', target });

/** The storefront's main menu, built from the demo categories and content pages. */
const DEMO_MENU: DemoMenuItem[] = [
  category('Engagement Rings', 'engagement-rings', 'Solitaire, halo and three stone engagement rings in platinum and 18ct gold.', [
    category('Solitaire', 'solitaire-engagement-rings', 'A single diamond, set to catch the light.'),
    category('Halo', 'halo-engagement-rings', 'A centre diamond framed by a halo of smaller diamonds.'),
    category('Three Stone', 'three-stone-engagement-rings', 'Past, present and future: three diamonds side by side.'),
    {
      title: 'Oval Engagement Rings',
      description: 'Engagement rings filtered to oval diamonds.',
      menuType: 'custom_link',
      link: `${SHOP}/engagement-rings?shape=oval`,
    },
  ]),
  category('Wedding Rings', 'wedding-rings', 'Plain and diamond-set wedding bands for her and for him.', [
    category('Eternity Rings', 'eternity-rings', 'Full and half eternity rings set with diamonds.'),
  ]),
  {
    title: 'Diamonds',
    description: 'Certified loose diamonds, natural and lab grown.',
    menuType: 'category',
    target: 'diamonds',
    cssClass: 'menu-diamonds',
    children: [
      category('Natural Diamonds', 'natural-diamonds', 'Conflict-free natural diamonds graded by GIA.'),
      category('Lab Grown Diamonds', 'lab-grown-diamonds', 'Lab grown diamonds graded by IGI.'),
    ],
  },
  category('Earrings', 'earrings', 'Diamond studs, hoops and drop earrings.', [
    category('Studs', 'stud-earrings', 'Classic diamond stud earrings.'),
    category('Hoops', 'hoop-earrings', 'Gold and diamond hoops and huggies.'),
  ]),
  {
    title: 'Information',
    description: 'Help with delivery, returns and sizing.',
    menuType: 'blank',
    children: [
      page('About Us', 'about-us', 'Our Hatton Garden workshop and story.'),
      page('Delivery Information', 'delivery-information', 'Free insured UK delivery.'),
      page('Returns Policy', 'returns-policy', '30-day returns.'),
      page('Ring Size Guide', 'ring-size-guide', 'Find your ring size at home.'),
    ],
  },
  { title: 'Contact Us', description: 'Call, email or book a showroom appointment.', menuType: 'custom_link', link: `${SHOP}/contact-us` },
  { title: 'Instagram', description: 'Follow our latest pieces.', menuType: 'custom_link', link: 'https://www.instagram.com/facetjewellery', cssClass: 'icon-instagram' },
  { ...page('Black Friday', 'black-friday-2025', 'Last year\'s Black Friday offers.'), status: false },
];

function targetSlugs(items: readonly DemoMenuItem[], type: MenuType): string[] {
  return items.flatMap((item) => [...(item.menuType === type && item.target ? [item.target] : []), ...targetSlugs(item.children ?? [], type)]);
}

/** Runs after the category and content page seeders: items find their targets by slug. */
export async function seedDemoNavigationMenu(tx: Db, { adminId }: SeedContext) {
  const pageRows = await tx
    .select({ id: contentPages.id, slug: contentPages.slug })
    .from(contentPages)
    .where(and(inArray(contentPages.slug, targetSlugs(DEMO_MENU, 'page')), isLive(contentPages)));
  const categoryIds = await liveCategoryIdsBySlug(tx, targetSlugs(DEMO_MENU, 'category'));
  const pageIds = new Map(pageRows.map((row) => [row.slug, row.id]));
  const idOf = (ids: Map<string, number>, slug: string) => {
    const id = ids.get(slug);
    if (id === undefined) throw new Error(`demo navigation menu: no demo category or page with slug ${slug}`);
    return id;
  };

  const insert = async (items: readonly DemoMenuItem[], parentId: number | null) => {
    for (const [sortOrder, item] of items.entries()) {
      const [row] = await tx
        .insert(navigationMenuItems)
        .values({
          title: item.title,
          description: item.description,
          menuType: item.menuType,
          categoryId: item.menuType === 'category' ? idOf(categoryIds, item.target!) : null,
          pageId: item.menuType === 'page' ? idOf(pageIds, item.target!) : null,
          link: item.link ?? '',
          cssClass: item.cssClass ?? '',
          status: item.status ?? true,
          parentId,
          sortOrder,
          createdBy: adminId,
          updatedBy: adminId,
        })
        .returning({ id: navigationMenuItems.id });
      await insert(item.children ?? [], row!.id);
    }
  };
  await insert(DEMO_MENU, null);
}
