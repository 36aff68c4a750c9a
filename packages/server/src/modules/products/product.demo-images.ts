import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { media } from '../media/media.table.ts';

/**
 * Product photographs for the demo catalogue: simple drawings of each kind of piece (SVG, rendered
 * to JPEG by sharp) on a soft background, in the colour of each metal. They are stored as uploads
 * are (a media row and a file in the media store, local disk or S3), so product and variant image
 * fields point at real files the app serves.
 */

export type DemoDrawing = 'solitaire' | 'halo' | 'trilogy' | 'band' | 'eternity' | 'cluster' | 'studs' | 'hoops' | 'drops' | 'pendant' | 'chain' | 'tennis' | 'bangle' | 'giftcard';
export type DemoStone = 'diamond' | 'sapphire' | 'emerald' | 'ruby' | 'none';
export type DemoMetalColour = 'yellow' | 'white' | 'rose' | 'platinum' | 'silver';

/** The purpose product images are uploaded for (the product media library's). */
const PRODUCT_IMAGE_PURPOSE = 'product-image';
/** Pixels of the rendered square; the drawings are made on an 800 unit canvas. */
const SIZE = 640;

/** Light, body and shadow of each metal's gradient. */
const METAL_SHADES: Record<DemoMetalColour, [string, string, string]> = {
  yellow: ['#fff4c2', '#e2bd57', '#a87d22'],
  white: ['#ffffff', '#dcdee3', '#9fa4ae'],
  rose: ['#ffe4d8', '#e3a187', '#a9644f'],
  platinum: ['#f6f8fa', '#c8cdd5', '#858d9b'],
  silver: ['#ffffff', '#d2d5da', '#959ba4'],
};
const STONE_SHADES: Record<Exclude<DemoStone, 'none'>, [string, string]> = {
  diamond: ['#ffffff', '#cfe3f5'],
  sapphire: ['#6f9be6', '#173f94'],
  emerald: ['#6fd3a3', '#10704a'],
  ruby: ['#f07391', '#8f0f2f'],
};
/** A soft backdrop per kind of piece, as a studio shot would have. */
const BACKDROPS: [string, string][] = [
  ['#fbf7f2', '#eadfd3'],
  ['#f6f7fb', '#dfe3ee'],
  ['#fbf4f4', '#ecdada'],
  ['#f4f8f5', '#dbe7df'],
];

/** The metal a variant's option names: '18ct Rose Gold' is rose, 'Sterling Silver' silver. */
export function metalColourOf(metal: string): DemoMetalColour {
  const name = metal.toLowerCase();
  if (name.includes('rose')) return 'rose';
  if (name.includes('white')) return 'white';
  if (name.includes('platinum')) return 'platinum';
  if (name.includes('silver')) return 'silver';
  return 'yellow';
}

/** A faceted stone centred at (x, y) with radius r. */
function stone(kind: DemoStone, x: number, y: number, r: number): string {
  if (kind === 'none') return '';
  const [light, deep] = STONE_SHADES[kind];
  const facets = Array.from({ length: 8 }, (_, i) => {
    const a = (Math.PI / 4) * i;
    return `<line x1="${x}" y1="${y}" x2="${(x + r * Math.cos(a)).toFixed(1)}" y2="${(y + r * Math.sin(a)).toFixed(1)}" stroke="${light}" stroke-opacity="0.55" stroke-width="${Math.max(1, r / 14).toFixed(1)}"/>`;
  }).join('');
  return (
    `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#stone)" stroke="${deep}" stroke-opacity="0.6" stroke-width="${Math.max(1, r / 12).toFixed(1)}"/>` +
    facets +
    `<circle cx="${x - r * 0.35}" cy="${y - r * 0.35}" r="${(r * 0.18).toFixed(1)}" fill="#ffffff" fill-opacity="0.85"/>`
  );
}

/** Small stones along an ellipse (eternity bands, tennis bracelets, halos). */
function stonesAround(kind: DemoStone, cx: number, cy: number, rx: number, ry: number, count: number, r: number, from = 0, to = Math.PI * 2): string {
  return Array.from({ length: count }, (_, i) => {
    const a = from + ((to - from) * (i + 0.5)) / count;
    return stone(kind, Math.round(cx + rx * Math.cos(a)), Math.round(cy + ry * Math.sin(a)), r);
  }).join('');
}

/** The drawing of one piece, metal strokes in url(#metal). */
function drawingOf(drawing: DemoDrawing, gem: DemoStone): string {
  const band = (cx: number, cy: number, rx: number, ry: number, width: number) =>
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="url(#metal)" stroke-width="${width}"/>` +
    `<ellipse cx="${cx}" cy="${cy - width * 0.15}" rx="${rx}" ry="${ry}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${width * 0.18}"/>`;
  const accent = gem === 'none' ? 'diamond' : gem;
  switch (drawing) {
    case 'solitaire':
      return band(400, 480, 190, 120, 30) + `<path d="M355 372 L400 300 L445 372" fill="none" stroke="url(#metal)" stroke-width="14"/>` + stone(accent, 400, 300, 62);
    case 'halo':
      return band(400, 490, 190, 120, 28) + stonesAround('diamond', 400, 300, 86, 86, 18, 13) + stone(accent, 400, 300, 60);
    case 'trilogy':
      return band(400, 490, 190, 120, 28) + stone('diamond', 318, 330, 40) + stone('diamond', 482, 330, 40) + stone(accent, 400, 306, 56);
    case 'band':
      return band(400, 420, 220, 140, 56);
    case 'eternity':
      return band(400, 420, 220, 140, 48) + stonesAround(accent, 400, 420, 220, 140, 22, 16, 0.1, Math.PI - 0.1);
    case 'cluster':
      return band(400, 500, 190, 115, 26) + stonesAround('diamond', 400, 310, 80, 80, 10, 24) + stone(accent, 400, 310, 52);
    case 'studs':
      return [280, 520]
        .map((x) => `<circle cx="${x}" cy="400" r="92" fill="url(#metal)"/>` + stone(accent, x, 400, 78))
        .join('');
    case 'hoops':
      return band(280, 420, 110, 150, 26) + band(520, 420, 110, 150, 26) + (gem === 'none' ? '' : stonesAround(accent, 280, 420, 110, 150, 8, 10, 0.2, 1.6) + stonesAround(accent, 520, 420, 110, 150, 8, 10, 0.2, 1.6));
    case 'drops':
      return [290, 510]
        .map((x) => `<circle cx="${x}" cy="230" r="26" fill="url(#metal)"/><line x1="${x}" y1="256" x2="${x}" y2="420" stroke="url(#metal)" stroke-width="10"/>` + stone(accent, x, 500, 70))
        .join('');
    case 'pendant':
      return `<path d="M150 120 Q400 620 650 120" fill="none" stroke="url(#metal)" stroke-width="9" stroke-dasharray="14 6"/>` + `<circle cx="400" cy="418" r="16" fill="none" stroke="url(#metal)" stroke-width="8"/>` + `<circle cx="400" cy="506" r="76" fill="url(#metal)"/>` + stone(accent, 400, 506, 64);
    case 'chain':
      return `<path d="M130 140 Q400 760 670 140" fill="none" stroke="url(#metal)" stroke-width="20" stroke-dasharray="30 8" stroke-linecap="round"/>` + `<path d="M130 140 Q400 760 670 140" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="5" stroke-dasharray="30 8"/>`;
    case 'tennis':
      return band(400, 410, 260, 150, 22) + stonesAround(accent, 400, 410, 260, 150, 34, 17);
    case 'bangle':
      return band(400, 410, 250, 160, 40) + (gem === 'none' ? '' : stone(accent, 400, 570, 30));
    case 'giftcard':
      return `<rect x="170" y="250" width="460" height="300" rx="28" fill="url(#metal)"/><text x="400" y="420" font-family="serif" font-size="64" text-anchor="middle" fill="#ffffff" fill-opacity="0.9">Facet</text>`;
  }
}

/** The full picture: backdrop, soft shadow, the piece. */
export function demoImageSvg(drawing: DemoDrawing, gem: DemoStone, metal: DemoMetalColour, backdrop = 0): string {
  const [light, body, shadow] = METAL_SHADES[metal];
  const [stoneLight, stoneDeep] = gem === 'none' ? STONE_SHADES.diamond : STONE_SHADES[gem];
  const [backLight, backEdge] = BACKDROPS[backdrop % BACKDROPS.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 800 800">
<defs>
<radialGradient id="back" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${backLight}"/><stop offset="1" stop-color="${backEdge}"/></radialGradient>
<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.45" stop-color="${body}"/><stop offset="1" stop-color="${shadow}"/></linearGradient>
<radialGradient id="stone" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="${stoneLight}"/><stop offset="1" stop-color="${stoneDeep}"/></radialGradient>
</defs>
<rect width="800" height="800" fill="url(#back)"/>
<ellipse cx="400" cy="690" rx="250" ry="28" fill="#000000" fill-opacity="0.07"/>
${drawingOf(drawing, gem)}
</svg>`;
}

export interface DemoImageRequest {
  drawing: DemoDrawing;
  stone: DemoStone;
  metal: DemoMetalColour;
}

const keyOf = ({ drawing, stone: gem, metal }: DemoImageRequest) => `${drawing}-${gem}-${metal}`;

/**
 * Renders each distinct picture once and stores it (file in the store, row in `media`); answers the
 * URL of each by its key. The files go to the store inside the seeding transaction, as uploads do.
 */
export async function storeDemoImages(tx: Db, storage: Pick<MediaStorage, 'put' | 'urlOf'>, adminId: number, requests: DemoImageRequest[]) {
  const distinct = [...new Map(requests.map((request) => [keyOf(request), request])).values()];
  const { default: sharp } = await import('sharp');
  const rendered = await Promise.all(
    distinct.map(async (request, index) => {
      const { data, info } = await sharp(Buffer.from(demoImageSvg(request.drawing, request.stone, request.metal, index)))
        .jpeg({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      return { request, data, info, name: `${randomBytes(16).toString('hex')}.jpg` };
    }),
  );
  await Promise.all(rendered.map(({ name, data }) => storage.put(name, data, 'image/jpeg')));
  const rows = await tx
    .insert(media)
    .values(
      rendered.map(({ request, data, info, name }) => ({
        name,
        url: storage.urlOf(name),
        purpose: PRODUCT_IMAGE_PURPOSE,
        contentType: 'image/jpeg',
        byteSize: data.length,
        width: info.width,
        height: info.height,
        originalName: `${keyOf(request)}.jpg`,
        createdBy: adminId,
        updatedBy: adminId,
      })),
    )
    .returning({ url: media.url, originalName: media.originalName });
  const urlOf = new Map(rows.map((row) => [row.originalName.replace(/\.jpg$/, ''), row.url]));
  return (request: DemoImageRequest) => urlOf.get(keyOf(request))!;
}
