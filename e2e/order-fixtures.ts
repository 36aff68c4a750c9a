import type { OrderRecord, PlaceOrderInput } from '@facet/contract/modules/orders/order.schema';
import { STOREFRONT_ORDER_API } from '@facet/contract/modules/orders/order.schema';
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { expect } from '@playwright/test';
import { signInApi, uniqueName } from './support.ts';

/** Order journeys' data: orders placed through the storefront API, as a shop's website places them. */

const ADDRESS = {
  firstName: 'Ava',
  lastName: 'Fletcher',
  street: '14 Marylebone High Street',
  city: 'London',
  stateId: 'ENG',
  countryId: 'GB',
  postcode: 'W1U 4PP',
  contactNumber: '07700 900123',
};

export interface Storefront {
  /** Places an order of one piece of a demo product (and a stone still for sale, `withStone`); `buyer` names the customer (their id and email) or a guest's email. */
  placeOrder(buyer: { email: string; customerId?: number; firstName?: string; lastName?: string }, options?: { withStone?: boolean }): Promise<OrderRecord>;
  dispose(): Promise<void>;
}

/**
 * A storefront for this test: an API key with `orders:write` (created by `staff`, a signed-in admin
 * context), a product any order can hold (an active variant of the demo catalogue) and an active
 * shipping rate.
 */
export async function openStorefront(playwright: PlaywrightWorkerArgs['playwright'], staff: APIRequestContext, baseURL: string): Promise<Storefront> {
  await signInApi(staff);
  const created = await staff.post('/api/api-keys', { data: { name: uniqueName('Order journeys '), scopes: ['orders:write'] } });
  expect(created.status(), await created.text()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  const products = (await (await staff.get('/api/products', { params: { pageSize: 100, status: '1' } })).json()) as { items: { id: number; parentProductId: number | null }[] };
  const variant = products.items.find((product) => product.parentProductId !== null);
  expect(variant, 'the demo catalogue has an active variant').toBeDefined();
  const rates = (await (await staff.get('/api/shipping-rates', { params: { status: 'active', pageSize: 1 } })).json()) as { items: { id: number }[] };
  expect(rates.items.length, 'the demo data has an active shipping rate').toBe(1);

  const storefront = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  return {
    async placeOrder(buyer, options = {}) {
      const stones = options.withStone
        ? ((await (await storefront.get(STOREFRONT_ORDER_API.options, { params: { limit: 5 } })).json()) as { stones: { id: number }[] }).stones
        : [];
      if (options.withStone) expect(stones.length, 'the demo feed has stones for sale').toBeGreaterThan(0);
      const address = { ...ADDRESS, firstName: buyer.firstName ?? ADDRESS.firstName, lastName: buyer.lastName ?? ADDRESS.lastName };
      const order: PlaceOrderInput = {
        customerId: buyer.customerId,
        email: buyer.email,
        firstName: address.firstName,
        lastName: address.lastName,
        phone: ADDRESS.contactNumber,
        billingAddress: address,
        shippingAddress: address,
        lines: [{ productId: variant!.id, qty: 1 }, ...(stones[0] ? [{ diamondId: stones[0].id }] : [])],
        paymentMethod: 'credit_card',
        shippingRateId: rates.items[0]!.id,
      };
      const response = await storefront.post(STOREFRONT_ORDER_API.place, { data: order, headers: { 'idempotency-key': uniqueName('place') } });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as OrderRecord;
    },
    dispose: () => storefront.dispose(),
  };
}
