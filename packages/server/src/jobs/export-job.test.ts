import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { MESSAGES } from '@facet/contract/messages';
import { users } from '../modules/users/user.table.ts';
import type { TestApp } from '../test/test-app.ts';
import { createTestApp, jobWhenEnded } from '../test/test-app.ts';
import { JOB_FILE_RETENTION_MS, jobFilePath, removeExpiredJobFiles } from './job-files.ts';
import { jobRuns } from './job-run.table.ts';

/** A small threshold stands in for the real 50,000: above it the export becomes a job. */
const THRESHOLD = 5;
const MATCHING = 12;

const waitUntilEnded = (t: TestApp, cookie: string, id: number) => jobWhenEnded(t, cookie, id, 30_000);

/** The first column of the sheet under the header: the usernames the file holds. */
async function usernamesIn(file: Buffer): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'Username', 'Email', 'Roles', 'Status', 'Created Date']);
  return sheet.getColumn(1).values.slice(2) as string[];
}

describe('exports over the threshold run as a job with a download (issue 9 §4)', () => {
  let t: TestApp;
  let admin: string;
  let matchingNames: string[];

  beforeAll(async () => {
    t = await createTestApp({ exportJobThreshold: THRESHOLD });
    admin = await t.login();
    const created = [];
    for (let i = 0; i < MATCHING + 3; i++) created.push({ name: `bulkexp${String(i).padStart(2, '0')}`, email: `${i}-exp@example.com`, passwordHash: 'x' });
    await t.db.insert(users).values(created);
    // Three of them inactive: the export below asks for active ones only.
    for (const name of ['bulkexp12', 'bulkexp13', 'bulkexp14']) await t.db.update(users).set({ status: false }).where(eq(users.name, name));
    await t.db.insert(users).values({ name: 'otheruser', email: 'other@example.com', passwordHash: 'x' });
    matchingNames = created.slice(0, MATCHING).map((u) => u.name);
  });
  afterAll(() => t?.close());

  it('streams at or under the threshold as before', async () => {
    // bulkexp10 to bulkexp14: exactly the threshold.
    const response = await t.request(admin, { method: 'GET', url: '/api/users/export?search=bulkexp1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="users.xlsx"');
    expect((await usernamesIn(response.rawPayload)).sort()).toEqual(['bulkexp10', 'bulkexp11', 'bulkexp12', 'bulkexp13', 'bulkexp14']);
  });

  it('answers 202 with a job whose download is a valid .xlsx of every matching row, filters applied', async () => {
    const response = await t.request(admin, { method: 'GET', url: '/api/users/export?search=bulkexp&status=active&sort=name&order=desc' });
    expect(response.statusCode).toBe(202);
    const queued = response.json() as JobRecord;
    expect(queued).toMatchObject({ kind: 'export.users', label: 'Excel export of users', actorName: 'admin' });
    const done = await waitUntilEnded(t, admin, queued.id);
    expect(done).toMatchObject({ status: 'succeeded', progressDone: MATCHING, progressTotal: MATCHING });
    expect(done.result).toMatchObject({ rows: MATCHING, download: { fileName: 'users.xlsx', rows: MATCHING } });

    const download = await t.request(admin, { method: 'GET', url: `/api/jobs/${queued.id}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('spreadsheetml');
    expect(download.headers['content-disposition']).toBe('attachment; filename="users.xlsx"');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-export-job-'));
    try {
      fs.writeFileSync(path.join(dir, 'users.xlsx'), download.rawPayload);
      expect(execFileSync('unzip', ['-t', path.join(dir, 'users.xlsx')]).toString()).toMatch(/No errors detected/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Every active match, in the asked order; the inactive ones and the other user are not there.
    expect(await usernamesIn(download.rawPayload)).toEqual([...matchingNames].sort().reverse());
  });

  it('refuses the download without a session (401) and to whoever may not see the list (403)', async () => {
    const queued = (await t.request(admin, { method: 'GET', url: '/api/users/export?search=bulkexp' })).json() as JobRecord;
    await waitUntilEnded(t, admin, queued.id);
    const url = `/api/jobs/${queued.id}/download`;
    expect((await t.request(undefined, { method: 'GET', url })).statusCode).toBe(401);
    // Jobs of another area (system), but not users: the job and its file are not theirs to see.
    const systemStaff = await t.createUserWith(['system']);
    expect((await t.request(systemStaff.cookie, { method: 'GET', url })).statusCode).toBe(403);
    expect((await t.request(systemStaff.cookie, { method: 'GET', url: `/api/jobs/${queued.id}` })).statusCode).toBe(403);
    const outsider = await t.createUserWith(['products']);
    expect((await t.request(outsider.cookie, { method: 'GET', url })).statusCode).toBe(403);
    // Someone else who may see users may download it.
    const manager = await t.createUserWith(['user_management']);
    expect((await t.request(manager.cookie, { method: 'GET', url })).statusCode).toBe(200);
    // And the export itself needs the list's permission before anything is counted or queued.
    const runs = await t.db.$count(jobRuns);
    expect((await t.request(systemStaff.cookie, { method: 'GET', url: '/api/users/export?search=bulkexp' })).statusCode).toBe(403);
    expect(await t.db.$count(jobRuns)).toBe(runs);
  });

  it('offers no download for a job without a file, nor after the retention period', async () => {
    const queued = (await t.request(admin, { method: 'GET', url: '/api/users/export?search=bulkexp' })).json() as JobRecord;
    await waitUntilEnded(t, admin, queued.id);
    const file = jobFilePath(t.config.exportsDir, queued.id);
    expect(fs.existsSync(file)).toBe(true);
    // A day and a bit later the cleanup that runs as an export job starts deletes it.
    const later = Date.now() + JOB_FILE_RETENTION_MS + 60_000;
    removeExpiredJobFiles(t.config.exportsDir, later);
    expect(fs.existsSync(file)).toBe(false);
    const gone = await t.request(admin, { method: 'GET', url: `/api/jobs/${queued.id}/download` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: { message: MESSAGES.jobFileExpired } });
    // A job of another kind has no file.
    const other = (await t.request(admin, { method: 'POST', url: '/api/shipping-rates/bulk', payload: { action: 'status', status: true, filters: {} } })).json() as JobRecord;
    await waitUntilEnded(t, admin, other.id);
    expect((await t.request(admin, { method: 'GET', url: `/api/jobs/${other.id}/download` })).statusCode).toBe(404);
  });
});
