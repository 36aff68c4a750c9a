/**
 * `npm run storefront:simulate`: drives the storefront API as a shop's storefront would, so staff see
 * the back office fill up. Needs a running server and an API key with customers:write (System > API Keys),
 * orders:write for its customers to shop (without it they only register), carts:write and inquiries:write
 * for their carts and inquiries (without them they order without a cart and ask nothing).
 *
 *   FACET_API_KEY=facet_sk_... npm run storefront:simulate -- --url http://localhost:3000 --customers 20
 */
import { parseArgs } from 'node:util';
import { simulateStorefront } from './simulate.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.FACET_URL ?? 'http://localhost:3000' },
    key: { type: 'string', default: process.env.FACET_API_KEY },
    customers: { type: 'string', default: '10' },
    seed: { type: 'string' },
  },
});

if (!values.key) {
  console.error('An API key is needed: FACET_API_KEY=facet_sk_... or --key facet_sk_... (create one under System > API Keys, scopes customers:write, orders:write, carts:write and inquiries:write).');
  process.exit(2);
}
const count = Number(values.customers);
if (!Number.isInteger(count) || count < 1 || count > 10_000) {
  console.error('--customers: a whole number from 1 to 10000.');
  process.exit(2);
}
console.log(`Simulating a storefront against ${values.url}: ${count} customers`);
const result = await simulateStorefront({ baseUrl: values.url, apiKey: values.key, count, seed: values.seed ? Number(values.seed) : undefined });
process.exit(result.failures ? 1 : 0);
