import { escapeMarkup } from '../../markup.ts';

/**
 * The sitemap content rules of document 1 §7, as a pure function: the server feeds it what the
 * database holds and stores the XML it returns.
 */

/** What a sitemap entry stands for; decides its priority. */
export type SitemapKind = 'home' | 'contact' | 'blog' | 'ringSize' | 'menuItem' | 'contentPage' | 'diamondCategory' | 'blogPost';

export const SITEMAP_PRIORITY: Record<SitemapKind, number> = {
  home: 1,
  contact: 0.6,
  blog: 0.6,
  ringSize: 0.4,
  menuItem: 0.8,
  contentPage: 0.6,
  diamondCategory: 0.8,
  blogPost: 0.6,
};

/**
 * The storefront's fixed pages and their paths under SITE_URL. The spec names the pages, not their
 * paths; these are Facet's choice.
 */
export const SITEMAP_FIXED_PAGES: readonly { kind: SitemapKind; path: string }[] = [
  { kind: 'home', path: '' },
  { kind: 'contact', path: 'contact-us' },
  { kind: 'blog', path: 'blog' },
  { kind: 'ringSize', path: 'ring-size' },
];

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The sitemaps.org limit on a `loc`. */
export const SITEMAP_LOC_MAX = 2048;

export interface SitemapSource {
  kind: SitemapKind;
  /** A storefront slug or path (`about-us`, `blog/gift-guide`), or an absolute URL (custom links). */
  path: string;
  /** When the record behind the entry last changed. */
  updatedAt?: Date | string | null;
}

export interface SitemapEntry {
  loc: string;
  /** 0.0 to 1.0, one decimal. */
  priority: number;
  /** W3C date (YYYY-MM-DD); absent when the entry has no date of its own. */
  lastmod?: string;
}

/** The calendar date in the shop's time zone (the UK), as the sitemap writes it. */
export function toSitemapDate(date: Date | string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(date));
}

/**
 * The absolute address of a source, or null when it does not belong in the sitemap: a query string
 * in it (the spec skips those), another site's address, or longer than sitemaps.org allows.
 */
export function sitemapLoc(path: string, siteUrl: string): string | null {
  if (path.includes('?')) return null;
  const site = new URL(siteUrl);
  let url: URL;
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
    url = new URL(path);
    if (url.origin !== site.origin) return null;
  } else {
    const segments = path.split('/').filter(Boolean).map(encodeURIComponent);
    url = new URL(`${site.pathname.replace(/\/+$/, '')}/${segments.join('/')}`, site.origin);
  }
  url.hash = '';
  // One spelling per page, so duplicates are found: no trailing slash except on the home page.
  const loc = url.pathname === '/' ? url.href : url.href.replace(/\/+$/, '');
  return loc.length <= SITEMAP_LOC_MAX ? loc : null;
}

/**
 * The entries of the sitemap, in the order given: the fixed pages first, then menu items, content
 * pages, diamond categories and blog posts, as the caller lists them. The first source of an
 * address wins; later duplicates are skipped. lastmod is today for priority 1, otherwise the
 * record's own update date.
 */
export function buildSitemapEntries(sources: readonly SitemapSource[], opts: { siteUrl: string; today: Date }): SitemapEntry[] {
  const seen = new Set<string>();
  const entries: SitemapEntry[] = [];
  for (const source of sources) {
    const loc = sitemapLoc(source.path, opts.siteUrl);
    if (loc === null || seen.has(loc)) continue;
    seen.add(loc);
    const priority = SITEMAP_PRIORITY[source.kind];
    const dated = priority === 1 ? opts.today : source.updatedAt;
    entries.push({ loc, priority, ...(dated ? { lastmod: toSitemapDate(dated) } : {}) });
  }
  return entries;
}

/** The sitemap document of sitemaps.org 0.9. */
export function renderSitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) =>
    [
      '  <url>',
      `    <loc>${escapeMarkup(entry.loc)}</loc>`,
      ...(entry.lastmod ? [`    <lastmod>${entry.lastmod}</lastmod>`] : []),
      `    <priority>${entry.priority.toFixed(1)}</priority>`,
      '  </url>',
    ].join('\n'),
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<urlset xmlns="${SITEMAP_NAMESPACE}">`, ...urls, '</urlset>', ''].join('\n');
}
