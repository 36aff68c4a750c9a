import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { storeDemoPicture } from '../media/index.ts';
import { banners } from './banner.table.ts';

/** A banner picture: a wide gold-on-ivory panel for desktops, a tall one for phones, with its words. */
function bannerSvg(text: string, sub: string, isMobile: boolean, tone: number): string {
  const [width, height] = isMobile ? [750, 1000] : [1920, 700];
  const backs = [
    ['#f7f1e3', '#e8d9b5'],
    ['#eef2f5', '#cfd8e0'],
    ['#f6ece9', '#e3c7bf'],
  ][tone % 3]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${backs[0]}"/><stop offset="1" stop-color="${backs[1]}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#b)"/>
<circle cx="${width * 0.75}" cy="${height * 0.5}" r="${Math.min(width, height) * 0.28}" fill="none" stroke="#c9a227" stroke-width="${isMobile ? 18 : 26}"/>
<text x="${width * 0.08}" y="${height * 0.45}" font-family="serif" font-size="${isMobile ? 64 : 96}" fill="#3b2f1e">${text}</text>
<text x="${width * 0.08}" y="${height * 0.45 + (isMobile ? 80 : 110)}" font-family="sans-serif" font-size="${isMobile ? 32 : 44}" fill="#6b5a3e">${sub}</text>
</svg>`;
}

const DEMO_BANNERS = [
  { name: 'Home page: Winter Sparkle', status: true, slides: [['Winter Sparkle', 'Up to 30% off diamond jewellery'], ['Lab Grown Diamonds', 'The same fire, a kinder price'], ['Free Engraving', 'On every wedding ring']] },
  { name: 'Home page: Bridal Collection', status: false, slides: [['Bridal Collection', 'Engagement rings made by hand'], ['Matching Bands', 'Wedding rings to sit flush'], ['Book a Consultation', 'In Hatton Garden or online']] },
] as const;

/** The home page's banners (issue 26 demo data): the current one active, next season's ready but off. */
export async function seedDemoBanners(tx: Db, { adminId, mediaStorage }: SeedContext) {
  // Every banner image is required: without a media store (tests seed without files) there are no demo banners.
  if (!mediaStorage) return;
  for (const [tone, banner] of DEMO_BANNERS.entries()) {
    const images: string[] = [];
    for (const [slide, [text, sub]] of banner.slides.entries()) {
      for (const isMobile of [false, true]) {
        images.push(await storeDemoPicture(tx, mediaStorage, adminId, { purpose: 'banner-image', svg: bannerSvg(text, sub, isMobile, tone + slide), name: `banner-${tone}-${slide}-${isMobile ? 'mobile' : 'desktop'}` }));
      }
    }
    const [desktopMainImage, mobileMainImage, desktopSecondaryImage, mobileSecondaryImage, desktopSecondaryImage2, mobileSecondaryImage2] = images as [string, string, string, string, string, string];
    await tx.insert(banners).values({
      name: banner.name,
      status: banner.status,
      desktopMainImage,
      mobileMainImage,
      desktopSecondaryImage,
      mobileSecondaryImage,
      desktopSecondaryImage2,
      mobileSecondaryImage2,
      createdBy: adminId,
      updatedBy: adminId,
    });
  }
}
