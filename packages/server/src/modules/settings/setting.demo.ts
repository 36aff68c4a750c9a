import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { settings } from './setting.table.ts';

export async function seedDemoSettings(tx: Db, { adminId }: SeedContext) {
  const setting = (title: string, key: string, value: string) => ({ title, key, value, createdBy: adminId, updatedBy: adminId });
  await tx.insert(settings).values([
    setting('Store Name', 'store_name', 'Facet Jewellers'),
    setting('Store Email', 'store_email', 'hello@facetjewellers.co.uk'),
    setting('Store Phone', 'store_phone', '020 7946 0321'),
    setting('Store Address', 'store_address', '42 Hatton Garden, London EC1N 8EB'),
    setting('VAT Rate (%)', 'vat_rate', '20'),
    setting('VAT Number', 'vat_number', 'GB 284 7193 56'),
    setting('Order Notification Email', 'order_notification_email', 'orders@facetjewellers.co.uk'),
    setting('Ring Size Guide Page', 'ring_size_guide_slug', 'ring-size-guide'),
    setting('Appointment Slot (minutes)', 'appointment_slot_minutes', '45'),
    setting('Abandoned Cart After (minutes)', 'abandoned_cart_after_minutes', '60'),
  ]);
}
