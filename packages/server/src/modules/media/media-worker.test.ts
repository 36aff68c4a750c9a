import fs from 'node:fs';
import { MESSAGES } from '@facet/contract/messages';
import { MAX_IMAGE_BYTES } from '@facet/contract/modules/media/media.schema';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESPONSIVE_MS, describeProbes, probeWhile } from '../../test/latency.ts';
import { useAdminTestApp } from '../../test/test-app.ts';
import { upload } from '../../test/upload.ts';
import { CPU_TASK_TIME_LIMIT_MS, cpuPool } from '../../workers/cpu-pool.ts';
import { media } from './media.table.ts';
import { MAX_SVG_DEPTH, MAX_SVG_ELEMENTS } from '../../http/svg-sanitizer.ts';

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg">';
const nestedGroups = (depth: number) => `${SVG_OPEN}${'<g>'.repeat(depth)}<circle r="4"/>${'</g>'.repeat(depth)}</svg>`;
const flatPaths = (count: number) => `${SVG_OPEN}${'<path d="M0 0L9 9"/>'.repeat(count)}</svg>`;

/** Issue 8: a hostile SVG used to hold the event loop for minutes; it is now refused fast, off the main thread. */
describe('media uploads: SVG cleaning off the main thread, with limits', () => {
  const fx = useAdminTestApp();
  const storedFiles = () => (fs.existsSync(fx.t.config.mediaDir) ? fs.readdirSync(fx.t.config.mediaDir).length : 0);
  const mediaRows = async () => (await fx.t.db.select({ n: count() }).from(media))[0]!.n;
  const health = async () => expect((await fx.t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  const uploadSvg = (svg: string) => upload(fx.t, fx.admin, 'category-icon', { fileName: 'icon.svg', bytes: Buffer.from(svg) });

  // As main.ts does at start: the threads load their modules before the first upload.
  beforeAll(() => cpuPool().run('sanitizeSvg', SVG_OPEN).then(() => undefined));

  it('refuses 2 MB of nested groups with 400 and a clear message within the time limit, while the API keeps answering', async () => {
    const svg = nestedGroups(299_000);
    expect(svg.length).toBeGreaterThan(2_000_000);
    expect(svg.length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    const before = { rows: await mediaRows(), files: storedFiles() };
    const probed = await probeWhile(() => uploadSvg(svg), health);
    console.log(describeProbes('hostile SVG (2 MB of nested groups)', probed));
    expect(probed.result.statusCode, probed.result.body).toBe(400);
    expect(probed.result.json().error).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: ['file'], message: MESSAGES.fileTooComplex }] });
    expect(probed.elapsedMs).toBeLessThan(CPU_TASK_TIME_LIMIT_MS);
    expect(Math.max(...probed.probeLatenciesMs)).toBeLessThan(RESPONSIVE_MS);
    expect({ rows: await mediaRows(), files: storedFiles() }).toEqual(before);
  });

  it(`refuses an SVG of more than ${MAX_SVG_ELEMENTS} elements or nested more than ${MAX_SVG_DEPTH} deep, and accepts one at the limits`, async () => {
    for (const svg of [flatPaths(MAX_SVG_ELEMENTS), nestedGroups(MAX_SVG_DEPTH)]) {
      const refused = await uploadSvg(svg);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.message).toBe(MESSAGES.fileTooComplex);
    }
    // The root counts: it and its children make MAX_SVG_ELEMENTS; the circle is the deepest level.
    for (const svg of [flatPaths(MAX_SVG_ELEMENTS - 1), nestedGroups(MAX_SVG_DEPTH - 2)]) {
      const accepted = await uploadSvg(svg);
      expect(accepted.statusCode, accepted.body).toBe(201);
    }
  });

  it('still refuses an SVG with something active in it with 415, from the worker', async () => {
    const response = await uploadSvg(`${SVG_OPEN}<g><script>alert(1)</script></g></svg>`);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(MESSAGES.fileFormatNotSupported);
  });
});
