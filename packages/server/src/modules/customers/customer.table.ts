import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';
import { customerGroups } from '../customer-groups/customer-group.table.ts';

/**
 * Shoppers of the storefront and customers staff add. The email is unique among live customers
 * whatever its case; the password is an argon2id hash (as staff users'), null for a guest. `name`
 * (first and last) is generated, so the list's Name filter and search use one trigram index. A guest
 * (`is_guest`, from the storefront's checkout) has no password; a social sign-in's id is unique.
 */
export const customers = pgTable(
  'customers',
  {
    ...standardColumns,
    ...statusColumn,
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    name: text('name')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${customers.firstName} || ' ' || ${customers.lastName}`),
    email: text('email').notNull(),
    contactNumber: text('contact_number').notNull(),
    passwordHash: text('password_hash'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender').notNull().default(''),
    groupId: integer('group_id')
      .notNull()
      .references(() => customerGroups.id),
    isSubscribed: boolean('is_subscribed').notNull().default(false),
    profilePicture: text('profile_picture').notNull().default(''),
    isGuest: boolean('is_guest').notNull().default(false),
    /** The spec's `social_id`: the social sign-in (`google:1043…`) a storefront registered them with. */
    socialId: text('social_id'),
  },
  (t) => [
    uniqueIndex('customers_email_live').on(sql`lower(${t.email})`).where(sql`deleted_at is null`),
    uniqueIndex('customers_social_id_live').on(t.socialId).where(sql`social_id is not null and deleted_at is null`),
    ...searchIndexes('customers', t.name, t.email),
    listIndex('customers_created', t, t.createdAt),
    index('customers_group').on(t.groupId),
    listIndex('customers_name', t, sql`lower(${t.name})`),
  ],
);

/**
 * A customer's addresses. At most one live default billing and one live default shipping address per
 * customer, held by the database (partial unique indexes); the address service demotes the old
 * default in the same transaction as it sets the new one.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    ...standardColumns,
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    street: text('street').notNull(),
    /** ISO 3166-1 alpha-2 code of the lookups (`GB`). */
    countryId: text('country_id').notNull(),
    /** The lookups' ISO code of the state within its country (`ENG`). */
    stateId: text('state_id').notNull(),
    /** The city's name, as the lookups spell it. */
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    contactNumber: text('contact_number').notNull(),
    defaultBilling: boolean('default_billing').notNull().default(false),
    defaultShipping: boolean('default_shipping').notNull().default(false),
    ...statusColumn,
  },
  (t) => [
    index('customer_addresses_customer').on(t.customerId).where(sql`deleted_at is null`),
    uniqueIndex('customer_addresses_default_billing').on(t.customerId).where(sql`default_billing and deleted_at is null`),
    uniqueIndex('customer_addresses_default_shipping').on(t.customerId).where(sql`default_shipping and deleted_at is null`),
  ],
);
