import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
// Only the boundary rule, without the type-aware program: the same config, in a second instead of half a minute.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

/** The boundary errors `npm run lint` reports for `code` saved at `file` (an existing file, so typed linting has its project). */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('package and layer boundaries (eslint.config.js)', () => {
  it('fails a db/ file that imports a module', async () => {
    const errors = await boundaryErrors(
      'packages/server/src/db/usage.ts',
      "import { users } from '../modules/users/user.table.ts';\nexport const t = users;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('db/ and http/ are the toolkit under the modules');
  });

  it('fails an http/ file that imports a module, and lets db/ and http/ import each other', async () => {
    // A re-export is an import too.
    expect(await boundaryErrors('packages/server/src/http/guard.ts', "export { resolveSession } from '../modules/auth/session.service.ts';\n")).toHaveLength(1);
    expect(
      await boundaryErrors('packages/server/src/http/guard.ts', "import { resolveSession } from '../modules/auth/session.service.ts';\nexport const r = resolveSession;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('packages/server/src/db/usage.ts', "import { writeAudit } from './audit.ts';\nimport { conflict } from '../http/errors.ts';\nexport const a = [writeAudit, conflict];\n"),
    ).toEqual([]);
  });

  it('fails a jobs/, workers/ or integrations/ file that imports a module', async () => {
    const errors = await boundaryErrors('packages/server/src/jobs/job-files.ts', "import { shippingRates } from '../modules/shipping-rates/shipping-rate.table.ts';\nexport const t = shippingRates;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('jobs/, workers/, integrations/ and storage/ are platform under the modules');
    expect(await boundaryErrors('packages/server/src/workers/worker-thread.ts', "import { sanitizeSvg } from '../modules/media/svg-sanitizer.ts';\nexport const s = sanitizeSvg;\n")).toHaveLength(1);
    expect(await boundaryErrors('packages/server/src/integrations/s3/s3-storage.ts', "import type { MediaStorage } from '../../modules/media/media.storage.ts';\nexport type M = MediaStorage;\n")).toHaveLength(1);
    expect(await boundaryErrors('packages/server/src/jobs/job-files.ts', "import { writeAudit } from '../db/audit.ts';\nexport const a = writeAudit;\n")).toEqual([]);
  });

  it('fails a contract file that imports anything but zod and its own files', async () => {
    const file = 'packages/contract/src/messages.ts';
    expect(await boundaryErrors(file, "import { sql } from 'drizzle-orm';\nexport const s = sql;\n")).toHaveLength(1);
    expect(await boundaryErrors(file, "import { z } from 'zod';\nimport { MESSAGES } from './messages.ts';\nexport const a = [z, MESSAGES];\n")).toEqual([]);
  });

  it('fails a web file that imports the server', async () => {
    const file = 'packages/web/src/main.tsx';
    expect(await boundaryErrors(file, "import { createApp } from '../../server/src/app.ts';\nexport const a = createApp;\n")).toHaveLength(1);
    expect(await boundaryErrors(file, "import { createApp } from '@facet/server/app';\nexport const a = createApp;\n")).toHaveLength(1);
  });
});
