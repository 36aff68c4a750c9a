import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MESSAGES } from '@facet/contract/messages';
import { addressInputSchema } from '@facet/contract/modules/customers/address.schema';
import { customerResource, customerUpdateSchema, storefrontRegisterSchema } from '@facet/contract/modules/customers/customer.schema';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/audit.table.ts';
import { systemContext } from '../../http/context.ts';
import { describeCrudResource } from '../../test/crud-suite.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { verifyPassword } from '../auth/password.ts';
import { createAddressService } from './address.service.ts';
import { DEMO_PLACES } from './customer.demo.ts';
import { createCustomerService } from './customer.service.ts';
import { customerAddresses, customers } from './customer.table.ts';
import { locationProblem, places } from './lookups.ts';

const valid = (n: number) => ({
  firstName: `Ada ${n}`,
  lastName: 'Lovelace',
  email: `ada${n}@example.co.uk`,
  contactNumber: '07700 900123',
  password: 'secret-pw1',
  confirmPassword: 'secret-pw1',
  dateOfBirth: '1990-12-10',
  gender: 'female' as const,
  isSubscribed: true,
  profilePicture: '',
  status: true,
});

describeCrudResource({
  resource: customerResource,
  validInput: valid,
  updateChange: (n) => ({ firstName: `Grace ${n}`, password: '', confirmPassword: '' }),
  writeOnly: ['password', 'confirmPassword'],
  invalid: [
    { name: 'a missing first name', input: (v) => ({ ...v, firstName: '' }), field: 'firstName', message: MESSAGES.required },
    { name: 'a missing last name', input: (v) => ({ ...v, lastName: ' ' }), field: 'lastName', message: MESSAGES.required },
    { name: 'a missing email', input: (v) => ({ ...v, email: '' }), field: 'email', message: MESSAGES.required },
    { name: 'a bad email', input: (v) => ({ ...v, email: 'ada@' }), field: 'email', message: MESSAGES.invalidEmail },
    { name: 'a missing contact number', input: (v) => ({ ...v, contactNumber: '' }), field: 'contactNumber', message: MESSAGES.required },
    { name: 'a contact number of 9 characters', input: (v) => ({ ...v, contactNumber: '077009001' }), field: 'contactNumber', message: MESSAGES.minLength(10) },
    { name: 'a contact number of 16 characters', input: (v) => ({ ...v, contactNumber: '0770090012345678' }), field: 'contactNumber', message: MESSAGES.maxLength(15) },
    { name: 'a contact number with letters', input: (v) => ({ ...v, contactNumber: '07700 ninety' }), field: 'contactNumber', message: MESSAGES.invalidContactNumber },
    { name: 'a password of 7 characters', input: (v) => ({ ...v, password: 'short-1', confirmPassword: 'short-1' }), field: 'password', message: MESSAGES.minLength(8) },
    { name: 'a password of 13 characters', input: (v) => ({ ...v, password: 'much-too-long', confirmPassword: 'much-too-long' }), field: 'password', message: MESSAGES.maxLength(12) },
    { name: 'a missing password', input: (v) => ({ ...v, password: '', confirmPassword: '' }), field: 'password', message: MESSAGES.minLength(8) },
    { name: 'a mismatched confirmation', input: (v) => ({ ...v, confirmPassword: 'secret-pw2' }), field: 'confirmPassword', message: MESSAGES.passwordMismatch },
    { name: 'a date of birth that does not exist', input: (v) => ({ ...v, dateOfBirth: '1990-02-30' }), field: 'dateOfBirth', message: MESSAGES.invalidDate },
    { name: 'an unknown gender', input: (v) => ({ ...v, gender: 'robot' }), field: 'gender', message: MESSAGES.chooseFromList('gender') },
  ],
});

const address = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  street: '10 Downing Street',
  countryId: 'GB',
  stateId: 'ENG',
  city: 'London',
  postcode: 'SW1A 2AA',
  contactNumber: '020 7946 0000',
  defaultBilling: false,
  defaultShipping: false,
  ...overrides,
});

describe('customers: accounts, addresses and lookups', () => {
  let t: TestApp;
  let admin: string;
  let n = 1000;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t?.close());

  async function newCustomer(overrides: Record<string, unknown> = {}) {
    const response = await t.request(admin, { method: 'POST', url: '/api/customers', payload: { ...valid(++n), ...overrides } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; version: number; email: string; groupId: number; groupName: string };
  }
  const addressesOf = async (id: number) => (await t.request(admin, { method: 'GET', url: `/api/customers/${id}/addresses` })).json().items as { id: number; defaultBilling: boolean; defaultShipping: boolean }[];

  it('stores the password as an argon2id hash, never returns it, and puts a new customer in the default group', async () => {
    const created = await newCustomer();
    expect(created).not.toHaveProperty('password');
    expect(created).not.toHaveProperty('passwordHash');
    expect(created.groupName).toBe('General');
    const [row] = await t.db.select().from(customers).where(eq(customers.id, created.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash!, 'secret-pw1')).toBe(true);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(created.id))));
    expect(JSON.stringify(audit)).not.toContain('argon2');
  });

  it('refuses an email another live customer has, whatever its case: 409 under the email field, nothing written', async () => {
    const first = await newCustomer({ email: 'Twin@Example.com' });
    const before = (await t.db.select().from(customers)).length;
    const again = await t.request(admin, { method: 'POST', url: '/api/customers', payload: { ...valid(++n), email: 'twin@example.COM' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.issues).toEqual([{ path: ['email'], message: 'Email already exists.' }]);
    expect((await t.db.select().from(customers)).length).toBe(before);
    // Changing another customer's email to it: the same answer.
    const other = await newCustomer();
    const taken = await t.request(admin, { method: 'PUT', url: `/api/customers/${other.id}`, payload: { ...valid(n), email: 'TWIN@example.com', password: '', confirmPassword: '', version: other.version } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.issues).toEqual([{ path: ['email'], message: 'Email already exists.' }]);
    // Once the first is deleted, the email is free again.
    expect((await t.request(admin, { method: 'DELETE', url: `/api/customers/${first.id}` })).statusCode).toBe(204);
    await newCustomer({ email: 'twin@example.com' });
  });

  it('keeps the password on an edit without one and replaces it with a confirmed new one', async () => {
    const created = await newCustomer();
    const kept = await t.request(admin, { method: 'PUT', url: `/api/customers/${created.id}`, payload: { ...valid(n), email: created.email, password: '', confirmPassword: '', version: 1 } });
    expect(kept.statusCode, kept.body).toBe(200);
    const hashOf = async () => (await t.db.select().from(customers).where(eq(customers.id, created.id)))[0]!.passwordHash!;
    expect(await verifyPassword(await hashOf(), 'secret-pw1')).toBe(true);
    const mismatch = await t.request(admin, { method: 'PUT', url: `/api/customers/${created.id}`, payload: { ...valid(n), email: created.email, password: 'new-secret1', confirmPassword: 'new-secret2', version: 2 } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.issues).toEqual([{ path: ['confirmPassword'], message: MESSAGES.passwordMismatch }]);
    const changed = await t.request(admin, { method: 'PUT', url: `/api/customers/${created.id}`, payload: { ...valid(n), email: created.email, password: 'new-secret1', confirmPassword: 'new-secret1', version: 2 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await verifyPassword(await hashOf(), 'new-secret1')).toBe(true);
  });

  it('refuses a group that does not exist and a profile picture that is not an upload', async () => {
    const badGroup = await t.request(admin, { method: 'POST', url: '/api/customers', payload: { ...valid(++n), groupId: 999_999 } });
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.json().error.issues).toEqual([{ path: ['groupId'], message: MESSAGES.chooseFromList('group') }]);
    const badPicture = await t.request(admin, { method: 'POST', url: '/api/customers', payload: { ...valid(++n), profilePicture: '/media/not-uploaded.png' } });
    expect(badPicture.statusCode).toBe(400);
    expect(badPicture.json().error.issues).toEqual([{ path: ['profilePicture'], message: MESSAGES.invalidFile }]);
  });

  it('filters the list by name and email (the Filters panel) and exports what the filters select', async () => {
    await newCustomer({ firstName: 'Filtered', lastName: 'Person', email: 'filtered.person@example.org' });
    await newCustomer({ firstName: '=HYPERLINK("http://evil.example","x")', lastName: 'Formula', email: 'formula@example.org' });
    const byName = await t.request(admin, { method: 'GET', url: '/api/customers', query: { name: 'filtered pers' } });
    expect(byName.json().items.map((c: { email: string }) => c.email)).toEqual(['filtered.person@example.org']);
    const byEmail = await t.request(admin, { method: 'GET', url: '/api/customers', query: { email: 'FORMULA@' } });
    expect(byEmail.json().items.map((c: { lastName: string }) => c.lastName)).toEqual(['Formula']);

    const exported = await t.request(admin, { method: 'GET', url: '/api/customers/export', query: { email: 'formula@' } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('Customers');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'First Name', 'Last Name', 'Email', 'Contact Number', 'Customer Group', 'Subscribed', 'Status', 'Created Date']);
    expect(sheet.rowCount).toBe(2);
    const cell = sheet.getRow(2).getCell(1);
    // Text, not a formula: the spreadsheet shows what the customer typed and runs nothing.
    expect(cell.formula).toBeUndefined();
    expect(cell.value).toBe(`'=HYPERLINK("http://evil.example","x")`);
  });

  it('adds, lists, edits and deletes addresses, with country and state names', async () => {
    const customer = await newCustomer();
    const added = await t.request(admin, { method: 'POST', url: `/api/customers/${customer.id}/addresses`, payload: address({ postcode: 'sw1a2aa' }) });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ customerId: customer.id, countryName: 'United Kingdom', stateName: 'England', city: 'London', postcode: 'SW1A 2AA', status: true, version: 1 });
    const id = added.json().id;
    // The spec's address status: an inactive address is kept, and shown as such.
    const edited = await t.request(admin, { method: 'PUT', url: `/api/customers/${customer.id}/addresses/${id}`, payload: { ...address({ stateId: 'SCT', city: 'Edinburgh', postcode: 'EH1 1YZ', status: false }), version: 1 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ stateName: 'Scotland', city: 'Edinburgh', status: false, version: 2 });
    expect((await t.request(admin, { method: 'GET', url: `/api/customers/${customer.id}/addresses` })).json().items[0]).toMatchObject({ id, status: false });
    const stale = await t.request(admin, { method: 'PUT', url: `/api/customers/${customer.id}/addresses/${id}`, payload: { ...address(), version: 1 } });
    expect(stale.statusCode).toBe(409);
    // Another customer's address is not reachable through this one.
    const other = await newCustomer();
    expect((await t.request(admin, { method: 'DELETE', url: `/api/customers/${other.id}/addresses/${id}` })).statusCode).toBe(404);
    expect((await t.request(admin, { method: 'DELETE', url: `/api/customers/${customer.id}/addresses/${id}` })).statusCode).toBe(204);
    expect(await addressesOf(customer.id)).toEqual([]);
    expect((await t.request(admin, { method: 'GET', url: '/api/customers/999999/addresses' })).statusCode).toBe(404);
  });

  it('refuses bad addresses with the messages under their fields, writing nothing', async () => {
    const customer = await newCustomer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '' }, 'firstName', MESSAGES.required],
      [{ lastName: 'x'.repeat(256) }, 'lastName', MESSAGES.maxLength(255)],
      [{ street: '' }, 'street', MESSAGES.required],
      [{ countryId: '' }, 'countryId', MESSAGES.required],
      [{ stateId: '' }, 'stateId', MESSAGES.required],
      [{ city: '' }, 'city', MESSAGES.required],
      [{ postcode: '' }, 'postcode', MESSAGES.required],
      [{ contactNumber: '123456789' }, 'contactNumber', MESSAGES.minLength(10)],
      [{ contactNumber: '1234567890123456' }, 'contactNumber', MESSAGES.maxLength(15)],
      // The United Kingdom: Royal Mail's format.
      [{ postcode: 'SW1A 1A' }, 'postcode', MESSAGES.invalidUkPostcode],
      [{ postcode: '12345' }, 'postcode', MESSAGES.invalidUkPostcode],
      // Elsewhere the spec's rule: 5 to 6 letters and digits.
      [{ countryId: 'FR', stateId: 'IDF', city: 'Paris', postcode: '7500' }, 'postcode', MESSAGES.minLength(5)],
      [{ countryId: 'FR', stateId: 'IDF', city: 'Paris', postcode: '7500123' }, 'postcode', MESSAGES.maxLength(6)],
      [{ countryId: 'FR', stateId: 'IDF', city: 'Paris', postcode: '75-001' }, 'postcode', MESSAGES.postcodeLettersDigits],
      [{ countryId: 'FR', stateId: 'IDF', city: 'Paris', postcode: 'SW1A 1AA' }, 'postcode', MESSAGES.postcodeLettersDigits],
      // Places the lookups do not hold together.
      [{ countryId: 'XX', postcode: '75001' }, 'countryId', MESSAGES.unknownCountry],
      [{ stateId: 'IDF' }, 'stateId', MESSAGES.stateNotInCountry],
      [{ city: 'Paris' }, 'city', MESSAGES.cityNotInState],
    ];
    for (const [change, field, message] of cases) {
      const response = await t.request(admin, { method: 'POST', url: `/api/customers/${customer.id}/addresses`, payload: address(change) });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.issues, JSON.stringify(change)).toContainEqual({ path: [field], message });
    }
    expect(await t.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customer.id))).toEqual([]);
    // Valid ones in both rules.
    for (const change of [{ postcode: 'SW1A 1AA' }, { postcode: 'M1 1AE' }, { postcode: 'GIR 0AA' }, { countryId: 'FR', stateId: 'IDF', city: 'Paris', postcode: '75001' }]) {
      const response = await t.request(admin, { method: 'POST', url: `/api/customers/${customer.id}/addresses`, payload: address(change) });
      expect(response.statusCode, `${JSON.stringify(change)} ${response.body}`).toBe(201);
    }
  });

  it('keeps one default billing and one default shipping address: a second default demotes the first', async () => {
    const customer = await newCustomer();
    const add = async (flags: Record<string, boolean>) =>
      (await t.request(admin, { method: 'POST', url: `/api/customers/${customer.id}/addresses`, payload: address(flags) })).json() as { id: number; version: number };
    const home = await add({ defaultBilling: true, defaultShipping: true });
    const work = await add({ defaultShipping: true });
    const byId = new Map((await addressesOf(customer.id)).map((a) => [a.id, a]));
    expect(byId.get(home.id)).toMatchObject({ defaultBilling: true, defaultShipping: false });
    expect(byId.get(work.id)).toMatchObject({ defaultBilling: false, defaultShipping: true });
    // An edit that makes home the shipping default again demotes work.
    const homeNow = byId.get(home.id) as unknown as { version: number };
    const edited = await t.request(admin, { method: 'PUT', url: `/api/customers/${customer.id}/addresses/${home.id}`, payload: { ...address({ defaultBilling: true, defaultShipping: true }), version: homeNow.version } });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = new Map((await addressesOf(customer.id)).map((a) => [a.id, a]));
    expect(after.get(work.id)).toMatchObject({ defaultShipping: false });
    expect(after.get(home.id)).toMatchObject({ defaultBilling: true, defaultShipping: true });
  });

  it('holds the one-default rule in the database itself', async () => {
    const customer = await newCustomer();
    const row = { ...address({ defaultShipping: true }), customerId: customer.id };
    await t.db.insert(customerAddresses).values(row);
    await expect(t.db.insert(customerAddresses).values(row)).rejects.toThrow();
    expect((await t.db.select().from(customerAddresses).where(and(eq(customerAddresses.customerId, customer.id), isNull(customerAddresses.deletedAt)))).length).toBe(1);
  });

  it('ends parallel saves of default addresses with exactly one default of each kind', async () => {
    const customer = await newCustomer();
    const saves = Array.from({ length: 8 }, (_, i) =>
      t.request(admin, { method: 'POST', url: `/api/customers/${customer.id}/addresses`, payload: address({ street: `${i} Parallel Road`, defaultBilling: true, defaultShipping: i % 2 === 0 }) }),
    );
    const responses = await Promise.all(saves);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const live = await addressesOf(customer.id);
    expect(live).toHaveLength(8);
    expect(live.filter((a) => a.defaultBilling)).toHaveLength(1);
    expect(live.filter((a) => a.defaultShipping)).toHaveLength(1);
  });

  it('is callable without a request, as the system (the storefront API)', async () => {
    const service = createCustomerService(t.db);
    const addresses = createAddressService(t.db);
    const context = systemContext(null, 0);
    const created = await service.create({ ...valid(++n), groupId: undefined }, context);
    expect(created.groupName).toBe('General');
    const updated = await service.update(created.id, { ...valid(n), firstName: 'Storefront', password: '', confirmPassword: '' }, undefined, context);
    expect(updated.firstName).toBe('Storefront');
    await expect(service.create({ ...valid(n), email: 'not-an-email' }, context)).rejects.toMatchObject({ status: 400 });
    const added = await addresses.add(created.id, address({ defaultBilling: true }), context);
    await expect(addresses.add(created.id, address({ stateId: 'IDF' }), context)).rejects.toMatchObject({ status: 400 });
    await addresses.remove(created.id, added.id, context);
    expect(await addresses.list(created.id)).toEqual([]);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, created.id));
    expect(row!.createdBy).toBeNull();
  });

  it('serves countries, states of a country and cities of a state, searched and limited', async () => {
    const get = async (url: string, query: Record<string, string>) => t.request(admin, { method: 'GET', url, query });
    const countries = (await get('/api/lookups/countries', { search: 'united k' })).json().items;
    expect(countries).toEqual([{ id: 'GB', name: 'United Kingdom' }]);
    const states = (await get('/api/lookups/states', { countryId: 'GB', search: 'scot' })).json().items;
    expect(states).toContainEqual({ id: 'SCT', name: 'Scotland', countryId: 'GB' });
    const cities = (await get('/api/lookups/cities', { countryId: 'GB', stateId: 'ENG', search: 'manch', limit: '5' })).json().items;
    expect(cities.map((c: { name: string }) => c.name)).toContain('Manchester');
    expect((await get('/api/lookups/cities', { countryId: 'GB', stateId: 'ENG', limit: '3' })).json().items).toHaveLength(3);
    expect((await get('/api/lookups/cities', { countryId: 'GB', stateId: 'ENG', limit: '501' })).statusCode).toBe(400);
    expect((await get('/api/lookups/states', {})).statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 without the customers permission', async () => {
    const customer = await newCustomer();
    const urls = [
      { method: 'GET', url: '/api/customers' },
      { method: 'GET', url: '/api/customers/export' },
      { method: 'POST', url: '/api/customers', payload: valid(++n) },
      { method: 'GET', url: `/api/customers/${customer.id}/addresses` },
      { method: 'POST', url: `/api/customers/${customer.id}/addresses`, payload: address() },
      { method: 'GET', url: '/api/lookups/countries' },
    ] as const;
    const outsider = await t.createUserWith(['products']);
    const insider = await t.createUserWith(['customers']);
    for (const request of urls) {
      expect((await t.request(undefined, request)).statusCode, request.url).toBe(401);
      expect((await t.request(outsider.cookie, request)).statusCode, request.url).toBe(403);
      expect((await t.request(insider.cookie, request)).statusCode, request.url).toBeLessThan(300);
    }
  });

  it('holds every city of the package’s data file, as JSON.parse reads it (the file is scanned in chunks)', async () => {
    const file = path.join(path.dirname(createRequire(import.meta.url).resolve('country-state-city/package.json')), 'lib', 'assets', 'city.json');
    const expected = new Map<string, Set<string>>();
    for (const [name, country, state] of JSON.parse(fs.readFileSync(file, 'utf8')) as [string, string, string][]) {
      const key = `${country}:${state}`;
      expected.set(key, (expected.get(key) ?? new Set()).add(name));
    }
    const { cities } = await places();
    expect(cities.size).toBe(expected.size);
    for (const [key, names] of expected) expect(cities.get(key), key).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('seeds demo places the lookups hold', async () => {
    for (const place of DEMO_PLACES) expect(await locationProblem('GB', place.stateId, place.city), place.city).toBeNull();
  });
});

describe('customers: demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(() => t?.close());

  it('seeds a few hundred UK customers whose accounts and addresses pass the forms, mostly active, one default of each kind at most', async () => {
    const rows = await t.db.select().from(customers);
    expect(rows.length).toBeGreaterThanOrEqual(250);
    expect(rows.filter((row) => row.status).length / rows.length).toBeGreaterThan(0.8);
    for (const row of rows) {
      const result = customerUpdateSchema.safeParse({ ...row, dateOfBirth: row.dateOfBirth ?? '' });
      expect(result.error?.issues ?? [], row.email).toEqual([]);
    }
    // A few guests (no password) and social sign-ins (no password, a unique id); everyone else has a password.
    const guests = rows.filter((row) => row.isGuest);
    const social = rows.filter((row) => row.socialId);
    expect(guests.length).toBeGreaterThanOrEqual(5);
    expect(social.length).toBeGreaterThanOrEqual(5);
    expect(new Set(social.map((row) => row.socialId)).size).toBe(social.length);
    for (const row of social) expect(storefrontRegisterSchema.safeParse({ ...row, dateOfBirth: row.dateOfBirth ?? '', socialId: row.socialId }).error?.issues ?? [], row.email).toEqual([]);
    for (const row of rows) expect(row.passwordHash === null, row.email).toBe(row.isGuest || row.socialId !== null);
    const addresses = await t.db.select().from(customerAddresses);
    expect(addresses.length).toBeGreaterThanOrEqual(rows.length * 0.8);
    for (const address of addresses) {
      expect(addressInputSchema.safeParse(address).error?.issues ?? [], address.postcode).toEqual([]);
      expect(await locationProblem(address.countryId, address.stateId, address.city)).toBeNull();
    }
  });
});
