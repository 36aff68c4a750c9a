import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { hashPassword } from '../auth/index.ts';
import { customerGroups } from '../customer-groups/customer-group.table.ts';
import { customerAddresses, customers } from './customer.table.ts';

/** Password of every demo customer (for a storefront trying the demo shop's accounts). */
const DEMO_CUSTOMER_PASSWORD = 'Demo-pass1';
const DEMO_CUSTOMERS = 300;

const FIRST_NAMES = [
  'Oliver', 'Amelia', 'George', 'Isla', 'Harry', 'Ava', 'Noah', 'Mia', 'Jack', 'Ivy', 'Leo', 'Lily', 'Arthur', 'Isabella', 'Muhammad',
  'Rosie', 'Oscar', 'Sophia', 'Charlie', 'Grace', 'Jacob', 'Freya', 'Thomas', 'Poppy', 'Henry', 'Evie', 'William', 'Ella', 'James',
  'Charlotte', 'Alfie', 'Florence', 'Archie', 'Emily', 'Theo', 'Olivia', 'Freddie', 'Sienna', 'Rory', 'Eilidh', 'Callum', 'Niamh',
  'Rhys', 'Seren', 'Priya', 'Arjun', 'Aisha', 'Hamza', 'Chloe', 'Daniel',
];
const LAST_NAMES = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Robinson', 'Wright', 'Thompson', 'Evans',
  'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Thomas', 'Clarke', 'Jackson', 'Wood', 'Harris', 'Edwards', 'Turner', 'Martin',
  'Cooper', 'Hill', 'Ward', 'Hughes', 'Moore', 'Clark', 'King', 'Harrison', 'Lewis', 'Baker', 'Lee', 'Allen', 'Morris', 'Khan',
  'Scott', 'Watson', 'Davis', 'Parker', 'James', 'Bennett', 'Young', 'Phillips', 'Campbell', 'MacDonald', 'Murray', 'Reid', 'Lloyd',
  'Price', 'Morgan', "O'Brien",
];
const STREETS = [
  'High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Park Avenue', 'Green Lane', 'Manor Road', 'Kings Road', 'Queens Drive',
  'Mill Lane', 'The Crescent', 'Windsor Close', 'Albert Street', 'Grange Road', 'Orchard Way', 'Springfield Road', 'Chapel Street',
  'Castle Street', 'Meadow View', 'Willow Gardens',
];
/** Cities as the lookups name them, with their state's code and the post code areas they use. */
export const DEMO_PLACES: readonly { stateId: string; city: string; areas: readonly string[] }[] = [
  { stateId: 'ENG', city: 'London', areas: ['SW', 'SE', 'N', 'NW', 'E', 'W', 'EC', 'WC'] },
  { stateId: 'ENG', city: 'Manchester', areas: ['M'] },
  { stateId: 'ENG', city: 'Birmingham', areas: ['B'] },
  { stateId: 'ENG', city: 'Leeds', areas: ['LS'] },
  { stateId: 'ENG', city: 'Bristol', areas: ['BS'] },
  { stateId: 'ENG', city: 'Liverpool', areas: ['L'] },
  { stateId: 'ENG', city: 'Sheffield', areas: ['S'] },
  { stateId: 'ENG', city: 'Nottingham', areas: ['NG'] },
  { stateId: 'ENG', city: 'Leicester', areas: ['LE'] },
  { stateId: 'ENG', city: 'Brighton', areas: ['BN'] },
  { stateId: 'ENG', city: 'Oxford', areas: ['OX'] },
  { stateId: 'ENG', city: 'Cambridge', areas: ['CB'] },
  { stateId: 'ENG', city: 'York', areas: ['YO'] },
  { stateId: 'ENG', city: 'Bath', areas: ['BA'] },
  { stateId: 'ENG', city: 'Newcastle upon Tyne', areas: ['NE'] },
  { stateId: 'ENG', city: 'Norwich', areas: ['NR'] },
  { stateId: 'ENG', city: 'Exeter', areas: ['EX'] },
  { stateId: 'ENG', city: 'Reading', areas: ['RG'] },
  { stateId: 'ENG', city: 'Southampton', areas: ['SO'] },
  { stateId: 'ENG', city: 'Chester', areas: ['CH'] },
  { stateId: 'SCT', city: 'Edinburgh', areas: ['EH'] },
  { stateId: 'SCT', city: 'Glasgow', areas: ['G'] },
  { stateId: 'SCT', city: 'Aberdeen', areas: ['AB'] },
  { stateId: 'SCT', city: 'Dundee', areas: ['DD'] },
  { stateId: 'WLS', city: 'Cardiff', areas: ['CF'] },
  { stateId: 'WLS', city: 'Swansea', areas: ['SA'] },
];

const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/** A small deterministic generator, so every demo database has the same customers. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    // The high bits: an LCG's low bits repeat with short periods.
    return Math.floor((state / 2_147_483_648) * n);
  };
}

/**
 * A few hundred UK customers, most with one address that is both default billing and shipping, some
 * with a second (work) address; a few inactive, some subscribed, spread over the demo groups; a few
 * guests (no password) and a few who signed up with a social sign-in. One
 * password hash for all (argon2id is slow on purpose; the template database is built often).
 */
export async function seedDemoCustomers(tx: Db, { adminId }: SeedContext) {
  const pick = generator(13);
  const passwordHash = await hashPassword(DEMO_CUSTOMER_PASSWORD);
  const groups = await tx.select({ id: customerGroups.id, name: customerGroups.name }).from(customerGroups).where(and(isNull(customerGroups.deletedAt), eq(customerGroups.status, true)));
  const general = groups.find((g) => g.name === 'General') ?? groups[0]!;
  const now = Date.now();
  const usedEmails = new Set<string>();
  const rows = Array.from({ length: DEMO_CUSTOMERS }, (_, i) => {
    const firstName = FIRST_NAMES[pick(FIRST_NAMES.length)]!;
    const lastName = LAST_NAMES[pick(LAST_NAMES.length)]!;
    const domain = ['gmail.com', 'outlook.com', 'hotmail.co.uk', 'yahoo.co.uk', 'btinternet.com', 'icloud.com'][pick(6)]!;
    let email = `${firstName}.${lastName}`.toLowerCase().replace(/'/g, '') + `@${domain}`;
    if (usedEmails.has(email)) email = email.replace('@', `${i}@`);
    usedEmails.add(email);
    const group = pick(5) === 0 ? groups[pick(groups.length)]! : general;
    const year = 1950 + pick(55);
    const createdAt = new Date(now - pick(730) * 86_400_000 - pick(86_400) * 1000);
    // Every 25th checked out as a guest (no password), every 17th other signed up with Google.
    const isGuest = i % 25 === 24;
    const socialId = !isGuest && i % 17 === 16 ? `google:10${String(4_300_000_000_000 + i * 7_919).padStart(19, '0')}` : null;
    return {
      firstName,
      lastName,
      email,
      contactNumber: `07${String(100_000_000 + pick(900_000_000)).slice(0, 9)}`,
      passwordHash: isGuest || socialId ? null : passwordHash,
      isGuest,
      socialId,
      dateOfBirth: pick(3) === 0 ? null : `${year}-${String(1 + pick(12)).padStart(2, '0')}-${String(1 + pick(28)).padStart(2, '0')}`,
      gender: ['female', 'male', 'female', ''][pick(4)]!,
      groupId: group.id,
      isSubscribed: pick(3) === 0,
      status: pick(12) !== 0,
      createdAt,
      updatedAt: createdAt,
      createdBy: adminId,
      updatedBy: adminId,
    };
  });
  const inserted = await tx
    .insert(customers)
    .values(rows)
    .returning({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, contactNumber: customers.contactNumber });
  const postcode = (area: string) =>
    `${area}${1 + pick(area.length === 1 ? 20 : 9)} ${pick(10)}${INWARD_LETTERS[pick(INWARD_LETTERS.length)]}${INWARD_LETTERS[pick(INWARD_LETTERS.length)]}`;
  const address = (customer: (typeof inserted)[number], isDefault: boolean) => {
    const place = DEMO_PLACES[pick(DEMO_PLACES.length)]!;
    return {
      customerId: customer.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      street: `${1 + pick(180)} ${STREETS[pick(STREETS.length)]}`,
      countryId: 'GB',
      stateId: place.stateId,
      city: place.city,
      postcode: postcode(place.areas[pick(place.areas.length)]!),
      contactNumber: customer.contactNumber,
      defaultBilling: isDefault,
      defaultShipping: isDefault,
      createdBy: adminId,
      updatedBy: adminId,
    };
  };
  const addresses = inserted.flatMap((customer) => {
    if (pick(10) === 0) return [];
    return pick(4) === 0 ? [address(customer, true), address(customer, false)] : [address(customer, true)];
  });
  await tx.insert(customerAddresses).values(addresses);
}
