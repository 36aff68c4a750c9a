import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ANALYTICS_URL_SETTING_KEY, SETTING_MESSAGES } from '@facet/contract/modules/settings/setting.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';

const ENV_REPORT = 'https://env-report.example/embed/sales';
const SETTING_REPORT = 'https://lookerstudio.google.com/embed/reporting/shop-sales';

describe('the analytics report’s address: a setting, ANALYTICS_URL without it', () => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-web-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Facet</title>');
    t = await createTestApp({ analyticsUrl: ENV_REPORT, webDistDir: webDist });
    admin = await t.login();
    clerk = (await t.createUserWith(['sales'])).cookie;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const report = async (cookie: string | undefined = clerk) => (await t.request(cookie, { method: 'GET', url: '/api/analytics' })).json();
  /** The policy of the app's page (a client route) and of an API answer. */
  const pagePolicy = async () => String((await t.app.inject({ method: 'GET', url: '/analytics' })).headers['content-security-policy']);
  /** The sources a policy's directive lists. */
  const sourcesOf = (policy: string, directive: string) => policy.split(';').find((part) => part.startsWith(`${directive} `))?.slice(directive.length + 1);
  const apiPolicy = async () => String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
  const saveSetting = (value: string, key = ANALYTICS_URL_SETTING_KEY) => t.request(admin, { method: 'POST', url: '/api/settings', payload: { title: 'Analytics Report URL', key, value } });

  it('without the setting: ANALYTICS_URL, for any signed-in user (401 without a session), and the page may frame only its site', async () => {
    expect(await report()).toEqual({ url: ENV_REPORT, source: 'environment', settingId: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics' })).statusCode).toBe(401);
    expect(sourcesOf(await pagePolicy(), 'frame-src')).toBe("'self' https://env-report.example");
    expect(sourcesOf(await pagePolicy(), 'connect-src')).toBe("'self' https://env-report.example");
    // Public, so it no longer carries the report's address.
    expect((await t.app.inject({ method: 'GET', url: '/api/app-config' })).json()).not.toHaveProperty('analyticsUrl');
  });

  it('refuses an address that is not a full https one, with a clear message, and writes nothing', async () => {
    for (const value of ['http://report.example/embed', 'javascript:alert(1)', 'lookerstudio.google.com/embed', 'https://user:secret@report.example/embed', 'not an address']) {
      const response = await saveSetting(value);
      expect(response.statusCode, value).toBe(400);
      expect(response.json().error.issues, value).toEqual([{ path: ['value'], message: SETTING_MESSAGES.analyticsUrl }]);
    }
    // The key in another case, or another setting renamed to it, meets the same rule.
    expect((await saveSetting('ftp://report.example', 'Analytics_URL')).statusCode).toBe(400);
    const other = (await saveSetting('anything', 'report_note')).json();
    const renamed = await t.request(admin, { method: 'PUT', url: `/api/settings/${other.id}`, payload: { title: 'x', key: ANALYTICS_URL_SETTING_KEY, value: 'anything', version: other.version } });
    expect(renamed.json().error.issues).toEqual([{ path: ['value'], message: SETTING_MESSAGES.analyticsUrl }]);
    expect(await report()).toMatchObject({ source: 'environment', settingId: null });
  });

  it('with the setting: its address for the page, the link and the page’s policy; deleted, ANALYTICS_URL again', async () => {
    const created = await saveSetting(` ${SETTING_REPORT} `);
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json();
    expect(await report()).toEqual({ url: SETTING_REPORT, source: 'setting', settingId: id });
    const policy = await pagePolicy();
    expect(sourcesOf(policy, 'frame-src')).toBe("'self' https://lookerstudio.google.com");
    expect(sourcesOf(policy, 'connect-src')).toBe("'self' https://lookerstudio.google.com");
    expect(policy).not.toContain('env-report.example');
    expect(sourcesOf(await apiPolicy(), 'frame-src')).toBe("'self'");

    const broken = await t.request(admin, { method: 'PUT', url: `/api/settings/${id}`, payload: { title: 'Analytics Report URL', key: ANALYTICS_URL_SETTING_KEY, value: 'http://plain.example', version } });
    expect(broken.statusCode).toBe(400);
    expect(await report()).toMatchObject({ url: SETTING_REPORT });

    expect((await t.request(admin, { method: 'DELETE', url: `/api/settings/${id}` })).statusCode).toBe(204);
    expect(await report()).toEqual({ url: ENV_REPORT, source: 'environment', settingId: null });
    expect(sourcesOf(await pagePolicy(), 'frame-src')).toBe("'self' https://env-report.example");
  });
});

describe('the analytics report with neither the setting nor ANALYTICS_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ analyticsUrl: '' });
  });
  afterAll(() => t?.close());

  it('has no address (the page says none is configured)', async () => {
    const cookie = await t.login();
    expect((await t.request(cookie, { method: 'GET', url: '/api/analytics' })).json()).toEqual({ url: null, source: null, settingId: null });
  });
});
