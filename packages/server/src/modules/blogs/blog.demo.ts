import { blogSlugOf } from '@facet/contract/modules/blogs/blog.schema';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { blogCategories, blogs } from './blog.table.ts';

/** The demo's blog: three categories and twenty posts, one of them a draft (inactive). */
const DEMO_BLOG = [
  {
    name: 'Engagement Ring Guides',
    slug: 'engagement-ring-guides',
    description: 'How to choose, design and buy an engagement ring, from the four Cs to proposal day.',
    posts: [
      'How to Choose an Engagement Ring',
      'The Four Cs of Diamonds Explained',
      'Natural vs Lab Grown Diamonds: What Is the Difference?',
      'Solitaire, Halo or Trilogy: Finding Your Setting',
      'Platinum or 18ct Gold for an Engagement Ring?',
      'How to Find Her Ring Size Without Asking',
      'Oval & Pear Diamonds: Elongated Shapes in Fashion',
    ],
  },
  {
    name: 'Jewellery Care',
    slug: 'jewellery-care',
    description: 'Keeping your rings, necklaces and earrings bright for a lifetime.',
    posts: [
      'How to Clean Your Diamond Ring at Home',
      'Storing Pearls and Gemstones Safely',
      'Why Rhodium Plating Wears and When to Replate',
      'When to Have Your Claws Checked',
      'Insuring Your Jewellery: A Short Guide',
      'Sterling Silver Tarnish: Causes & Cures',
    ],
  },
  {
    name: 'Style and Gifts',
    slug: 'style-and-gifts',
    description: 'Gift ideas, styling tips and the stories behind our collections.',
    posts: [
      'Gift Guide for Him: Cufflinks to Signet Rings',
      'Birthstones by Month',
      'Stacking Rings: How to Build Your Stack',
      'Anniversary Gifts by Year',
      'Hatton Garden: A Short History',
      'Choosing Earrings for Your Face Shape',
      'Christmas Gift Guide 2026',
    ],
  },
];

export async function seedDemoBlogs(tx: Db, { adminId }: SeedContext) {
  const who = { createdBy: adminId, updatedBy: adminId };
  for (const [categoryIndex, category] of DEMO_BLOG.entries()) {
    const [row] = await tx
      .insert(blogCategories)
      .values({
        ...who,
        name: category.name,
        slug: category.slug,
        description: category.description,
        metaTitle: `${category.name} | Facet Blog`,
        metaKeywords: category.name.toLowerCase().split(' ').join(', '),
        metaDescription: category.description,
        status: true,
      })
      .returning({ id: blogCategories.id });
    await tx.insert(blogs).values(
      category.posts.map((title, index) => ({
        ...who,
        title,
        slug: blogSlugOf(title),
        description: `${title}: advice from the Facet workshop in Hatton Garden.`,
        content: `<h2>${title.replace(/&/g, '&amp;')}</h2><p>Our goldsmiths and gemmologists answer the questions we hear most in the showroom.</p><ul><li>Ask to see stones side by side.</li><li>Book an appointment for a private viewing.</li></ul>`,
        blogCategoryId: row!.id,
        metaTitle: `${title} | Facet`,
        metaDescription: `${title}, from the Facet blog.`,
        // One draft among the twenty.
        status: !(categoryIndex === 2 && index === category.posts.length - 1),
      })),
    );
  }
}
