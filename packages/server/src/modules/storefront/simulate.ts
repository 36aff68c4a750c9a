import { randomUUID } from 'node:crypto';
import { seededRandom } from '@facet/contract/seeded-random';

/**
 * What `npm run storefront:simulate` does, as a storefront would: registers believable UK customers
 * through the storefront API, each with one or two addresses, every POST with an Idempotency-Key
 * (and a retry of the registration with the same key, which must answer the same customer). Later
 * issues extend it (orders, carts, inquiries...).
 */

const FIRST_NAMES = ['Olivia', 'Amelia', 'Isla', 'Ava', 'Freya', 'Lily', 'Grace', 'Sophie', 'Emily', 'Poppy', 'Oliver', 'George', 'Harry', 'Noah', 'Jack', 'Arthur', 'Charlie', 'Thomas', 'James', 'William', 'Eilidh', 'Callum', 'Rhys', 'Seren', 'Niamh'];
const LAST_NAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Campbell', 'Stewart', 'Hughes', 'Price', 'Murphy'];
/** City, its state in the lookups, a real post code there, and streets. */
const PLACES: { city: string; stateId: string; postcodes: string[]; streets: string[] }[] = [
  { city: 'London', stateId: 'ENG', postcodes: ['SW1A 2AA', 'NW1 6XE', 'EC1A 1BB', 'W1A 1AA', 'SE1 9GF'], streets: ['Baker Street', 'Marylebone High Street', 'Upper Street', 'Kings Road', 'Borough High Street'] },
  { city: 'Manchester', stateId: 'ENG', postcodes: ['M1 1AE', 'M2 5DB', 'M4 1HQ'], streets: ['Deansgate', 'Oldham Street', 'Portland Street'] },
  { city: 'Birmingham', stateId: 'ENG', postcodes: ['B1 1BB', 'B2 4QA', 'B15 2TT'], streets: ['Colmore Row', 'Broad Street', 'Harborne Road'] },
  { city: 'Leeds', stateId: 'ENG', postcodes: ['LS1 4DY', 'LS2 9JT'], streets: ['Briggate', 'Woodhouse Lane'] },
  { city: 'Bristol', stateId: 'ENG', postcodes: ['BS1 4DJ', 'BS8 1TH'], streets: ['Park Street', 'Whiteladies Road'] },
  { city: 'York', stateId: 'ENG', postcodes: ['YO1 7HH', 'YO1 9QL'], streets: ['Stonegate', 'Micklegate'] },
  { city: 'Edinburgh', stateId: 'SCT', postcodes: ['EH1 1YZ', 'EH2 2ER', 'EH3 9DR'], streets: ['Princes Street', 'George Street', 'Lothian Road'] },
  { city: 'Glasgow', stateId: 'SCT', postcodes: ['G1 1XQ', 'G2 3AX'], streets: ['Buchanan Street', 'Sauchiehall Street'] },
  { city: 'Cardiff', stateId: 'WLS', postcodes: ['CF10 1EP', 'CF11 9LJ'], streets: ['Queen Street', 'Cathedral Road'] },
  { city: 'Swansea', stateId: 'WLS', postcodes: ['SA1 3SN', 'SA1 1NW'], streets: ['Wind Street', 'Kingsway'] },
];


export interface SimulateOptions {
  baseUrl: string;
  apiKey: string;
  count: number;
  seed?: number;
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

export interface SimulateResult {
  customers: number;
  addresses: number;
  replays: number;
  failures: number;
}

export async function simulateStorefront({ baseUrl, apiKey, count, seed = Date.now(), log = console.log, fetch: send = fetch }: SimulateOptions): Promise<SimulateResult> {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  const run = randomUUID().slice(0, 8);
  const result: SimulateResult = { customers: 0, addresses: 0, replays: 0, failures: 0 };

  async function post(path: string, body: unknown, idempotencyKey: string) {
    // Rate limited: wait as told and try again, with the same Idempotency-Key.
    for (let attempt = 0; ; attempt++) {
      const response = await send(new URL(path, baseUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(body),
      });
      if (response.status === 429 && attempt < 5) {
        const wait = Number(response.headers.get('retry-after') ?? '1');
        log(`  rate limited; waiting ${wait} s`);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      const json = (await response.json().catch(() => null)) as { id?: number; error?: { message: string } } | null;
      return { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true', json };
    }
  }

  for (let i = 0; i < count; i++) {
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const email = `${firstName}.${lastName}.${run}${i}@example.co.uk`.toLowerCase();
    const password = `Pw-${digits(6)}`;
    const customer = { firstName, lastName, email, contactNumber: `07${digits(3)} ${digits(6)}`, password, confirmPassword: password, isSubscribed: next() < 0.4 };
    const key = `simulate-${run}-customer-${i}`;
    const registered = await post('/api/storefront/v1/customers', customer, key);
    if (registered.status !== 201 || !registered.json?.id) {
      result.failures++;
      log(`✗ ${firstName} ${lastName}: ${registered.status} ${registered.json?.error?.message ?? ''}`);
      continue;
    }
    const id = registered.json.id;
    result.customers++;
    // A storefront retrying after a lost answer: the same key gives the same customer, not a second one.
    if (next() < 0.25) {
      const retry = await post('/api/storefront/v1/customers', customer, key);
      if (retry.replayed && retry.json?.id === id) result.replays++;
      log(`  retried the registration with the same Idempotency-Key: ${retry.replayed ? `replayed customer ${retry.json?.id}` : `status ${retry.status}`}`);
    }
    const places = next() < 0.3 ? 2 : 1;
    const lines: string[] = [];
    for (let a = 0; a < places; a++) {
      const place = pick(PLACES);
      const address = {
        firstName,
        lastName,
        street: `${1 + Math.floor(next() * 180)} ${pick(place.streets)}`,
        countryId: 'GB',
        stateId: place.stateId,
        city: place.city,
        postcode: pick(place.postcodes),
        contactNumber: customer.contactNumber,
        defaultBilling: a === 0,
        defaultShipping: a === places - 1,
      };
      const added = await post(`/api/storefront/v1/customers/${id}/addresses`, address, `${key}-address-${a}`);
      if (added.status === 201) {
        result.addresses++;
        lines.push(`${address.street}, ${address.city} ${address.postcode}`);
      } else {
        result.failures++;
        lines.push(`address refused: ${added.status} ${added.json?.error?.message ?? ''}`);
      }
    }
    log(`✓ customer ${id}: ${firstName} ${lastName} <${email}>; ${lines.join('; ')}`);
  }
  log(`Done: ${result.customers} customers, ${result.addresses} addresses, ${result.replays} idempotent replays, ${result.failures} failures.`);
  return result;
}
