import { randomUUID } from 'node:crypto';
import { seededRandom } from '@facet/contract/seeded-random';

/**
 * What `npm run storefront:simulate` does, as a storefront would: registers believable UK customers
 * through the storefront API, each with one or two addresses, every POST with an Idempotency-Key
 * (and a retry of the registration with the same key, which must answer the same customer); then
 * most of them shop: an order of a piece or two (in a size the piece comes in), now and then a stone,
 * shipped by one of the shop's rates, paid at once unless by bank transfer (an order retried with its
 * key must answer the same order). A shopper with a cart (scope `carts:write`) builds it first (sent
 * whole, then changed) and names it when ordering, so it shows as converted; some leave their cart
 * without ordering, and it is listed as abandoned once the abandoned-cart setting's minutes have
 * passed; some ask about a piece or a stone first (an inquiry, scope `inquiries:write`).
 * Shopping needs the key's `orders:write` scope; without it the simulation registers customers only;
 * without `carts:write` or `inquiries:write` it sends no carts or no inquiries (saying so once).
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
  orders: number;
  paidOrders: number;
  inquiries: number;
  /** Carts sent (created, most of them changed once). */
  carts: number;
  /** Carts named by the order their shopper then placed. */
  convertedCarts: number;
  /** Carts left without an order: abandoned once the setting's minutes pass. */
  leftCarts: number;
  replays: number;
  failures: number;
}

/** What the checkout offers (GET /api/storefront/v1/checkout-options). */
type Options = {
  products: { id: number; name: string; sizes: string[] }[];
  stones: { id: number; name: string }[];
  shippingRates: { id: number; name: string }[];
};
const PAYMENT_METHODS = ['credit_card', 'credit_card', 'credit_card', 'paypal', 'paypal', 'bank_transfer', 'wallet'] as const;

export async function simulateStorefront({ baseUrl, apiKey, count, seed = Date.now(), log = console.log, fetch: send = fetch }: SimulateOptions): Promise<SimulateResult> {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  const run = randomUUID().slice(0, 8);
  const result: SimulateResult = { customers: 0, addresses: 0, orders: 0, paidOrders: 0, inquiries: 0, carts: 0, convertedCarts: 0, leftCarts: 0, replays: 0, failures: 0 };

  async function post(path: string, body: unknown, idempotencyKey: string | null, method: 'POST' | 'PUT' = 'POST') {
    // Rate limited: wait as told and try again, with the same Idempotency-Key.
    for (let attempt = 0; ; attempt++) {
      const response = await send(new URL(path, baseUrl), {
        method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...(idempotencyKey && { 'idempotency-key': idempotencyKey }) },
        body: JSON.stringify(body),
      });
      if (response.status === 429 && attempt < 5) {
        const wait = Number(response.headers.get('retry-after') ?? '1');
        log(`  rate limited; waiting ${wait} s`);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      const json = (await response.json().catch(() => null)) as { id?: number; orderNumber?: string; inquiryNumber?: string; total?: number; error?: { message: string } } | null;
      return { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true', json };
    }
  }

  /** What there is to buy; null when the key may not place orders (no orders:write), so the run registers customers only. */
  async function checkoutOptions(): Promise<Options | null> {
    const response = await send(new URL('/api/storefront/v1/checkout-options?limit=100', baseUrl), { headers: { authorization: `Bearer ${apiKey}` } });
    if (response.status === 403) {
      log('The API key lacks the scope orders:write: registering customers only, no shopping.');
      return null;
    }
    if (!response.ok) throw new Error(`checkout options answered ${response.status}`);
    return (await response.json()) as Options;
  }
  const options = await checkoutOptions();
  const stonesLeft = [...(options?.stones ?? [])];
  /** Carts and inquiries go until the key is refused their scope (403), which is said once. */
  const allowed = { carts: true, inquiries: true };
  function refused(what: keyof typeof allowed, status: number) {
    if (status !== 403) return false;
    allowed[what] = false;
    log(`The API key lacks the scope ${what}:write: no ${what === 'carts' ? 'carts' : 'inquiries'}.`);
    return true;
  }

  /** A piece or two, in a size each comes in; now and then a stone still for sale (`stone` takes it off the list). */
  function someLines(stone: 'take' | 'look' | 'none') {
    const lines: { productId?: number; diamondId?: number; qty: number; size?: string }[] = [];
    for (let n = next() < 0.7 ? 1 : 2; n > 0 && options?.products.length; n--) {
      const product = pick(options.products);
      lines.push({ productId: product.id, qty: next() < 0.9 ? 1 : 2, size: product.sizes.length ? pick(product.sizes) : '' });
    }
    const diamond = stone !== 'none' && next() < 0.15 ? (stone === 'take' ? stonesLeft.shift() : stonesLeft[stonesLeft.length - 1]) : undefined;
    if (diamond) lines.push({ diamondId: diamond.id, qty: 1 });
    return { lines, stone: diamond };
  }

  type Shopper = { id: number; email: string; firstName: string; lastName: string; contactNumber: string };
  /** The address as a cart keeps it: what the shopper typed at checkout, the country and state as words. */
  const cartAddressOf = (address: Record<string, unknown>) => ({
    firstName: address.firstName,
    lastName: address.lastName,
    street: address.street,
    city: address.city,
    state: address.stateId === 'SCT' ? 'Scotland' : address.stateId === 'WLS' ? 'Wales' : 'England',
    country: 'United Kingdom',
    postcode: address.postcode,
  });

  /**
   * A cart of the customer's, sent whole as the storefront does: created with a first choice, then
   * (most often) changed to what they will buy, addresses given at checkout. Answers its id, or null.
   */
  async function cartOf(customer: Shopper, address: Record<string, unknown>, lines: unknown[], key: string): Promise<number | null> {
    if (!allowed.carts || !options?.products.length) return null;
    const first = { customerId: customer.id, email: customer.email, contactNumber: customer.contactNumber, lines: someLines('none').lines };
    const created = await post('/api/storefront/v1/carts', first, `${key}-cart`);
    if (refused('carts', created.status)) return null;
    if (created.status !== 201 || !created.json?.id) {
      result.failures++;
      log(`  cart refused: ${created.status} ${created.json?.error?.message ?? ''}`);
      return null;
    }
    result.carts++;
    const id = created.json.id;
    const checkout = { ...first, billingAddress: cartAddressOf(address), shippingAddress: cartAddressOf(address), lines };
    const changed = await post(`/api/storefront/v1/carts/${id}`, checkout, null, 'PUT');
    if (changed.status !== 200) {
      result.failures++;
      log(`  cart ${id} change refused: ${changed.status} ${changed.json?.error?.message ?? ''}`);
    }
    return id;
  }

  /** A customer asking about a piece or a stone before buying: an inquiry, signed in, with the address they typed. */
  async function inquire(customer: Shopper, address: Record<string, unknown>, key: string) {
    if (!allowed.inquiries || !options?.products.length) return;
    const { lines, stone } = someLines('look');
    const body = {
      customerId: customer.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      contactNumber: customer.contactNumber,
      street: address.street,
      country: 'United Kingdom',
      postcode: address.postcode,
      lines,
    };
    const sent = await post('/api/storefront/v1/inquiries', body, `${key}-inquiry`);
    if (refused('inquiries', sent.status)) return;
    if (sent.status !== 201) {
      result.failures++;
      log(`  inquiry refused: ${sent.status} ${sent.json?.error?.message ?? ''}`);
      return;
    }
    result.inquiries++;
    log(`  inquiry ${sent.json?.inquiryNumber ?? sent.json?.id}: ${lines.length} line(s)${stone ? ` with ${stone.name}` : ''}`);
  }

  /** One order of a customer: a piece or two, now and then a stone; paid at once unless by bank transfer. */
  async function shop(customer: Shopper, address: Record<string, unknown>, key: string) {
    if (!options?.products.length || !options.shippingRates.length) return;
    const { lines, stone } = someLines('take');
    // Most shoppers fill a cart first; a few leave it there (abandoned once the setting's minutes pass).
    const cartId = next() < 0.7 ? await cartOf(customer, address, lines, key) : null;
    if (cartId !== null && next() < 0.3) {
      result.leftCarts++;
      if (stone) stonesLeft.unshift(stone);
      log(`  cart ${cartId}: ${lines.length} line(s), left without an order`);
      return;
    }
    const paymentMethod = pick(PAYMENT_METHODS);
    const body = {
      customerId: customer.id,
      email: customer.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      phone: customer.contactNumber,
      billingAddress: address,
      shippingAddress: address,
      lines,
      paymentMethod,
      shippingRateId: pick(options.shippingRates).id,
      ...(cartId !== null && { cartId }),
    };
    const placed = await post('/api/storefront/v1/orders', body, `${key}-order`);
    if (placed.status !== 201 || !placed.json?.orderNumber) {
      result.failures++;
      log(`  order refused: ${placed.status} ${placed.json?.error?.message ?? ''}`);
      return;
    }
    result.orders++;
    if (cartId !== null) result.convertedCarts++;
    const { orderNumber } = placed.json;
    if (next() < 0.2) {
      const retry = await post('/api/storefront/v1/orders', body, `${key}-order`);
      if (retry.replayed && retry.json?.orderNumber === orderNumber) result.replays++;
    }
    let paid = '';
    if (paymentMethod !== 'bank_transfer') {
      const payment = await post(`/api/storefront/v1/orders/${orderNumber}/paid`, { paymentReference: `sim-${run}-${orderNumber}` }, `${key}-paid`);
      if (payment.status === 200) {
        result.paidOrders++;
        paid = ', paid';
      } else result.failures++;
    }
    log(
      `  order ${orderNumber}: ${lines.length} line(s)${stone ? ` with ${stone.name}` : ''}, £${placed.json.total?.toFixed(2)} by ${paymentMethod.replace('_', ' ')}${paid}` +
        `${cartId !== null ? ` from cart ${cartId}` : ''}`,
    );
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
    let firstAddress: Record<string, unknown> | undefined;
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
        // An order copies the address, without what only the address book has.
        const { defaultBilling: _billing, defaultShipping: _shipping, ...orderAddress } = address;
        firstAddress ??= orderAddress;
        lines.push(`${address.street}, ${address.city} ${address.postcode}`);
      } else {
        result.failures++;
        lines.push(`address refused: ${added.status} ${added.json?.error?.message ?? ''}`);
      }
    }
    log(`✓ customer ${id}: ${firstName} ${lastName} <${email}>; ${lines.join('; ')}`);
    const shopper = { id, email, firstName, lastName, contactNumber: customer.contactNumber };
    // Some ask first (an inquiry); most then shop.
    if (firstAddress && next() < 0.25) await inquire(shopper, firstAddress, key);
    if (firstAddress && next() < 0.8) await shop(shopper, firstAddress, key);
  }
  log(
    `Done: ${result.customers} customers, ${result.addresses} addresses, ${result.orders} orders (${result.paidOrders} paid), ${result.inquiries} inquiries, ` +
      `${result.carts} carts (${result.convertedCarts} turned into orders, ${result.leftCarts} left to be abandoned), ` +
      `${result.replays} idempotent replays, ${result.failures} failures.`,
  );
  return result;
}
