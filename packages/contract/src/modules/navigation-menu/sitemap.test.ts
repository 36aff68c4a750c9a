import { describe, expect, it } from 'vitest';
import { buildSitemapEntries, renderSitemapXml, SITEMAP_FIXED_PAGES, sitemapLoc, toSitemapDate } from './sitemap.ts';
import type { SitemapSource } from './sitemap.ts';

const site = 'https://www.facet-jewellery.co.uk';
const today = new Date('2026-11-22T10:00:00Z');
const fixed: SitemapSource[] = SITEMAP_FIXED_PAGES.map((page) => ({ ...page, updatedAt: null }));

describe('sitemap rules', () => {
  it('gives the spec priorities: home 1, contact and blog 0.6, ring size 0.4, menu items 0.8, pages 0.6, diamond categories 0.8, blog posts 0.6', () => {
    const entries = buildSitemapEntries(
      [
        ...fixed,
        { kind: 'menuItem', path: 'engagement-rings', updatedAt: '2026-10-01T12:00:00Z' },
        { kind: 'contentPage', path: 'delivery-information', updatedAt: '2026-09-01T12:00:00Z' },
        { kind: 'diamondCategory', path: 'lab-grown-diamonds', updatedAt: '2026-08-01T12:00:00Z' },
        { kind: 'blogPost', path: 'blog/choosing-a-diamond', updatedAt: '2026-07-01T12:00:00Z' },
      ],
      { siteUrl: site, today },
    );
    expect(entries.map((e) => [e.loc, e.priority])).toEqual([
      [`${site}/`, 1],
      [`${site}/contact-us`, 0.6],
      [`${site}/blog`, 0.6],
      [`${site}/ring-size`, 0.4],
      [`${site}/engagement-rings`, 0.8],
      [`${site}/delivery-information`, 0.6],
      [`${site}/lab-grown-diamonds`, 0.8],
      [`${site}/blog/choosing-a-diamond`, 0.6],
    ]);
  });

  it('dates the home page today and every other entry by its own update date (UK calendar)', () => {
    const entries = buildSitemapEntries(
      [
        { kind: 'home', path: '', updatedAt: '2020-01-01T00:00:00Z' },
        { kind: 'contentPage', path: 'about-us', updatedAt: '2026-06-30T23:30:00Z' },
        { kind: 'contact', path: 'contact-us', updatedAt: null },
      ],
      { siteUrl: site, today },
    );
    expect(entries[0]!.lastmod).toBe('2026-11-22');
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time).
    expect(entries[1]!.lastmod).toBe('2026-07-01');
    expect(entries[2]!.lastmod).toBeUndefined();
    expect(toSitemapDate('2026-01-15T23:30:00Z')).toBe('2026-01-15');
  });

  it('skips slugs with a query string, duplicates (first wins), other sites and blank paths after the home page', () => {
    const entries = buildSitemapEntries(
      [
        { kind: 'home', path: '' },
        { kind: 'menuItem', path: 'about-us' },
        { kind: 'menuItem', path: 'engagement-rings?shape=oval' },
        { kind: 'menuItem', path: `${site}/engagement-rings/?metal=platinum` },
        { kind: 'menuItem', path: 'https://www.instagram.com/facet' },
        { kind: 'contentPage', path: 'about-us' },
        { kind: 'contentPage', path: '/about-us/' },
        { kind: 'menuItem', path: `${site}/about-us` },
        { kind: 'menuItem', path: `${site}/wedding-rings#top` },
        { kind: 'contentPage', path: '' },
      ],
      { siteUrl: site, today },
    );
    expect(entries.map((e) => [e.loc, e.priority])).toEqual([
      [`${site}/`, 1],
      [`${site}/about-us`, 0.8],
      [`${site}/wedding-rings`, 0.8],
    ]);
  });

  it('builds absolute, encoded addresses and keeps a path prefix of SITE_URL', () => {
    expect(sitemapLoc('rings & bands', site)).toBe(`${site}/rings%20%26%20bands`);
    expect(sitemapLoc('blog/gift-guide', `${site}/shop/`)).toBe(`${site}/shop/blog/gift-guide`);
    expect(sitemapLoc('', `${site}/shop`)).toBe(`${site}/shop`);
    expect(sitemapLoc(`x${'y'.repeat(2100)}`, site)).toBeNull();
  });

  it('renders the sitemaps.org 0.9 document with escaped addresses and one-decimal priorities', () => {
    const xml = renderSitemapXml([
      { loc: `${site}/`, priority: 1, lastmod: '2026-11-22' },
      { loc: `${site}/a?b=1&c=<2>`, priority: 0.4 },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url>',
        `    <loc>${site}/</loc>`,
        '    <lastmod>2026-11-22</lastmod>',
        '    <priority>1.0</priority>',
        '  </url>',
        '  <url>',
        `    <loc>${site}/a?b=1&amp;c=&lt;2&gt;</loc>`,
        '    <priority>0.4</priority>',
        '  </url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });
});
