import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { contentPages } from './content-page.table.ts';

/** The storefront's information pages; the page code is the slug they were created with. */
const DEMO_CONTENT_PAGES = [
  {
    title: 'About Us',
    slug: 'about-us',
    metaTitle: 'About Facet | Hatton Garden Jewellers since 1998',
    metaKeywords: 'Facet jewellers, Hatton Garden, engagement rings London, ethical diamonds',
    metaDescription: 'Facet is a family-run Hatton Garden jeweller crafting engagement rings, wedding rings and fine jewellery with natural and lab grown diamonds.',
    content:
      '<h2>Hatton Garden craftsmanship</h2><p>Facet began in 1998 as a small bench workshop in Hatton Garden, London. Today our goldsmiths still set every engagement ring by hand, in 18ct gold and platinum hallmarked at the London Assay Office.</p>' +
      '<h3>Natural and lab grown diamonds</h3><p>We offer both natural diamonds and lab grown diamonds, each with an independent grading report (GIA, IGI or HRD), so you can choose by beauty, budget and values.</p>' +
      '<p>Visit our showroom by appointment, Monday to Saturday, 10am to 6pm.</p>',
    status: true,
  },
  {
    title: 'Delivery Information',
    slug: 'delivery-information',
    metaTitle: 'Delivery Information | Facet',
    metaKeywords: 'jewellery delivery, insured delivery, Royal Mail Special Delivery, next day',
    metaDescription: 'Free insured UK delivery on every order, with Royal Mail Special Delivery and Saturday options. Europe and worldwide by insured courier.',
    content:
      '<h2>UK delivery</h2><ul><li><strong>Free insured delivery</strong> on every order, 2 to 3 working days.</li><li>Royal Mail Special Delivery guaranteed by 1pm: £7.95, free over £500.</li><li>DPD Saturday delivery: £14.95, free over £1,500.</li></ul>' +
      '<p>Made-to-order rings are dispatched within 3 to 4 weeks; we will confirm your date by email.</p>' +
      '<h2>International delivery</h2><p>Europe by DHL Express, insured, from £35. Duties and import taxes are payable by the recipient.</p>',
    status: true,
  },
  {
    title: 'Returns Policy',
    slug: 'returns-policy',
    metaTitle: 'Returns and Refunds | Facet',
    metaKeywords: 'jewellery returns, 30 day returns, refunds, exchanges',
    metaDescription: 'Return unworn jewellery within 30 days for a full refund. Engraved and resized pieces are made for you and cannot be returned.',
    content:
      '<h2>30-day returns</h2><p>If you are not completely happy, return your unworn jewellery in its original packaging within <strong>30 days</strong> of delivery for a full refund to your original payment method.</p>' +
      '<ol><li>Email <a href="mailto:care@facet-jewellery.co.uk">care@facet-jewellery.co.uk</a> with your order number.</li><li>We send you a prepaid, insured Special Delivery label.</li><li>Your refund is made within 5 working days of the piece reaching us.</li></ol>' +
      '<p>Engraved, resized or bespoke pieces are made for you alone and cannot be returned, except where faulty.</p>',
    status: true,
  },
  {
    title: 'Ring Size Guide',
    slug: 'ring-size-guide',
    metaTitle: 'Ring Size Guide: find your UK ring size | Facet',
    metaKeywords: 'ring size guide, UK ring sizes, ring sizer, measure ring size',
    metaDescription: 'Find your ring size at home with our printable guide, or order a free ring sizer. UK sizes from F to Z with US and EU equivalents.',
    content:
      '<h2>Measure at home</h2><p>Wrap a strip of paper around the base of your finger, mark where it overlaps and measure the length in millimetres. Measure at the end of the day, when fingers are largest.</p>' +
      '<table><thead><tr><th>UK</th><th>US</th><th>EU</th><th>Circumference (mm)</th></tr></thead><tbody>' +
      '<tr><td>J</td><td>5</td><td>49</td><td>49.3</td></tr><tr><td>L</td><td>6</td><td>51.5</td><td>51.9</td></tr>' +
      '<tr><td>N</td><td>7</td><td>54</td><td>54.4</td></tr><tr><td>P</td><td>8</td><td>57</td><td>57.0</td></tr>' +
      '<tr><td>R</td><td>9</td><td>59</td><td>59.5</td></tr><tr><td>T</td><td>10</td><td>62</td><td>62.1</td></tr></tbody></table>' +
      '<p>Not sure? Order a free plastic ring sizer and we will post it first class.</p>',
    status: true,
  },
  {
    title: 'Privacy Policy',
    slug: 'privacy-policy',
    metaTitle: 'Privacy Policy | Facet',
    metaKeywords: 'privacy policy, UK GDPR, cookies, personal data',
    metaDescription: 'How Facet collects, uses and protects your personal data under UK GDPR.',
    content:
      '<h2>Your data</h2><p>We use your details only to process your order, arrange delivery and, if you agree, to send you our newsletter. We never sell your data.</p>' +
      '<p>You may ask for a copy of your data or for it to be deleted at any time by emailing <a href="mailto:privacy@facet-jewellery.co.uk">privacy@facet-jewellery.co.uk</a>.</p>',
    status: true,
  },
  {
    title: 'Black Friday 2025',
    slug: 'black-friday-2025',
    metaTitle: 'Black Friday | Facet',
    metaKeywords: 'black friday jewellery, diamond offers',
    metaDescription: 'Our Black Friday offers on diamond jewellery (ended).',
    content: '<p>Up to 25% off selected diamond earrings and pendants. This offer has ended.</p>',
    status: false,
  },
];

export async function seedDemoContentPages(tx: Db, { adminId }: SeedContext) {
  await tx
    .insert(contentPages)
    .values(DEMO_CONTENT_PAGES.map((page) => ({ ...page, pageCode: page.slug, createdBy: adminId, updatedBy: adminId })));
}
