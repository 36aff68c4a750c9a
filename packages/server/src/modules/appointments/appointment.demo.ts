import type { AppointmentStatus } from '@facet/contract/modules/appointments/appointment.schema';
import { seededRandom } from '@facet/contract/seeded-random';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { staffHolding } from '../users/index.ts';
import { appointments, services } from './appointment.table.ts';

const DEMO_SERVICES = [
  { title: 'Engagement Ring Consultation', serviceType: 'in_store', description: 'A private hour in our Hatton Garden showroom to see diamonds side by side and try settings.' },
  { title: 'Bespoke Design Session', serviceType: 'in_store', description: 'Sketch your own ring with one of our designers, with CAD renders to take home.' },
  { title: 'Ring Resizing and Cleaning', serviceType: 'in_store', description: 'Bring your ring in for sizing, a clean and a claw check while you wait.' },
  { title: 'Virtual Diamond Viewing', serviceType: 'virtual', description: 'A video call with a gemmologist showing loose diamonds under the loupe.' },
  { title: 'Virtual Styling Appointment', serviceType: 'virtual', description: 'A video call to choose gifts and stacks with a stylist.' },
  { title: 'Watch Battery Service', serviceType: 'in_store', description: 'Discontinued: we no longer service watches.', status: false },
] as const;

const FIRST_NAMES = ['Olivia', 'Amelia', 'Isla', 'Ava', 'Mia', 'Noah', 'George', 'Arthur', 'Leo', 'Oscar', 'Harry', 'Freya', 'Grace', 'Jack', 'Ella'];
const LAST_NAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Davies', 'Evans', 'Thomas', 'Roberts', 'Patel', 'Khan', 'Walker'];
const REMARKS: Record<AppointmentStatus, string[]> = {
  pending: [''],
  in_progress: ['Called to confirm; customer choosing between two stones.', 'Design sketches sent, waiting for feedback.'],
  successful: ['Bought a 1ct oval solitaire in platinum.', 'Ordered a bespoke trilogy ring.', 'Resized and cleaned while waiting.', 'Chose a pair of diamond studs.'],
  unsuccessful: ['Did not attend.', 'Budget too low for the stones wanted.', 'Decided to think it over.'],
};

/** 200 appointments over the last and the next month, across the staff who take them, on the active services. */
export async function seedDemoAppointments(tx: Db, { adminId }: SeedContext) {
  const who = { createdBy: adminId, updatedBy: adminId };
  const inserted = await tx
    .insert(services)
    .values(DEMO_SERVICES.map((service) => ({ ...who, status: true, ...service })))
    .returning({ id: services.id, status: services.status });
  const bookable = inserted.filter((service) => service.status).map((service) => service.id);
  const staff = await staffHolding(tx, ['sales']);
  const random = seededRandom(2613);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const now = new Date();
  const taken = new Set<string>();
  const rows = [];
  while (rows.length < 200) {
    // Days from 30 back to 30 ahead, opening hours 10:00 to 17:30 on the half hour.
    const day = Math.floor(random() * 61) - 30;
    const slot = Math.floor(random() * 16);
    const bookingDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + day, 10 + Math.floor(slot / 2), (slot % 2) * 30));
    const serviceId = pick(bookable);
    const key = `${serviceId}@${bookingDate.toISOString()}`;
    if (taken.has(key)) continue;
    taken.add(key);
    const isPast = bookingDate < now;
    const status: AppointmentStatus = isPast ? pick(['successful', 'successful', 'unsuccessful', 'in_progress'] as const) : pick(['pending', 'pending', 'pending', 'in_progress'] as const);
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    rows.push({
      ...who,
      serviceId,
      bookingDate,
      firstName,
      lastName,
      email: `${firstName}.${lastName}${rows.length}@example.co.uk`.toLowerCase(),
      contactNumber: `07${String(700_000_000 + Math.floor(random() * 299_999_999))}`,
      status,
      assigneeId: status === 'pending' && random() < 0.5 ? null : pick(staff).id,
      remarks: pick(REMARKS[status]),
      createdAt: new Date(Math.min(bookingDate.getTime(), now.getTime()) - 86_400_000 * (1 + Math.floor(random() * 10))),
    });
  }
  await tx.insert(appointments).values(rows);
}
