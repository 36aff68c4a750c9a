import fs from 'node:fs';
import { validateXML } from 'xmllint-wasm';

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XSD = new URL('./sitemap-0.9.xsd', import.meta.url).pathname;

export interface ParsedUrl {
  loc: string;
  lastmod?: string;
  priority: string;
}

const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!);

/**
 * Reads a sitemap and checks the rules of sitemaps.org 0.9 that matter here, independently of the
 * code that wrote it: the urlset namespace, per url one absolute http(s) loc (escaped, <= 2048
 * characters), an optional W3C date, a priority 0.0 to 1.0 with one decimal, no loc twice.
 * Throws on the first breach; returns the urls.
 */
export function checkSitemapStructure(xml: string): ParsedUrl[] {
  const problems: string[] = [];
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) problems.push('no XML declaration with UTF-8');
  const root = /<urlset\s+xmlns="([^"]+)"\s*>([\s\S]*)<\/urlset>\s*$/.exec(xml);
  if (!root) throw new Error('no urlset root element');
  if (root[1] !== NAMESPACE) problems.push(`urlset namespace is ${root[1]}`);
  const body = root[2]!;
  const blocks = [...body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
  if (body.replace(/<url>[\s\S]*?<\/url>/g, '').trim() !== '') problems.push('something other than url elements inside urlset');
  const urls: ParsedUrl[] = [];
  const seen = new Set<string>();
  for (const block of blocks) {
    const tags = [...block.matchAll(/<(\w+)>([^<]*)<\/\1>/g)].map((m) => ({ name: m[1]!, text: m[2]! }));
    const names = tags.map((t) => t.name).join(',');
    if (!/^loc(,lastmod)?(,priority)$/.test(names)) problems.push(`url children ${names}`);
    const raw = tags.find((t) => t.name === 'loc')?.text ?? '';
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(raw)) problems.push(`unescaped & in ${raw}`);
    const loc = unescape(raw);
    if (!/^https?:\/\/[^\s/]+/.test(loc)) problems.push(`loc not absolute: ${loc}`);
    if (loc.length > 2048) problems.push(`loc longer than 2048: ${loc.slice(0, 60)}`);
    if (seen.has(loc)) problems.push(`duplicate loc ${loc}`);
    seen.add(loc);
    const lastmod = tags.find((t) => t.name === 'lastmod')?.text;
    if (lastmod !== undefined && !/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(lastmod)) problems.push(`lastmod ${lastmod}`);
    const priority = tags.find((t) => t.name === 'priority')?.text ?? '';
    if (!/^(0\.\d|1\.0)$/.test(priority)) problems.push(`priority ${priority}`);
    urls.push({ loc, priority, ...(lastmod ? { lastmod } : {}) });
  }
  if (!urls.length) problems.push('no url');
  if (problems.length) throw new Error(`sitemap breaks the rules:\n${problems.join('\n')}`);
  return urls;
}

/**
 * Validates against the sitemaps.org 0.9 XSD with libxml2 (xmllint-wasm: the same validator as
 * Debian's xmllint, compiled to WebAssembly, so `npm test` needs nothing from outside npm).
 */
export async function validateSitemapXsd(xml: string): Promise<{ valid: boolean; output: string }> {
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [{ fileName: 'sitemap-0.9.xsd', contents: fs.readFileSync(XSD, 'utf8') }],
  });
  return { valid: result.valid, output: result.rawOutput };
}
