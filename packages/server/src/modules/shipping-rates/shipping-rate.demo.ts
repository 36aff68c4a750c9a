import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { shippingRates } from './shipping-rate.table.ts';

/** Rates in pounds; minFreeShippingAmount is the order total from which the service is free. */
const RATES = [
  { name: 'UK Standard Delivery (insured, 2-3 working days)', rate: 0, minFreeShippingAmount: 0, status: true },
  { name: 'Royal Mail Special Delivery Guaranteed by 1pm', rate: 7.95, minFreeShippingAmount: 500, status: true },
  { name: 'Royal Mail Special Delivery Guaranteed by 9am', rate: 24.95, minFreeShippingAmount: 2500, status: true },
  { name: 'DPD Saturday Delivery', rate: 14.95, minFreeShippingAmount: 1500, status: true },
  { name: 'Collect from our Hatton Garden showroom', rate: 0, minFreeShippingAmount: 0, status: true },
  { name: 'Europe Insured Courier (DHL Express)', rate: 35, minFreeShippingAmount: 3000, status: true },
  { name: 'Rest of World Insured Courier (FedEx)', rate: 49.5, minFreeShippingAmount: 5000, status: false },
];

export async function seedDemoShippingRates(tx: Db, { adminId }: SeedContext) {
  await tx.insert(shippingRates).values(RATES.map((rate) => ({ ...rate, createdBy: adminId, updatedBy: adminId })));
}
