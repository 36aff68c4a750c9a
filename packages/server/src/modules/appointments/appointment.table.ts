import { APPOINTMENT_STATUSES, SERVICE_TYPES } from '@facet/contract/modules/appointments/appointment.schema';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';
import { userIdColumn } from '../users/index.ts';

export const services = pgTable(
  'services',
  {
    ...standardColumns,
    ...statusColumn,
    title: text('title').notNull(),
    serviceType: text('service_type', { enum: SERVICE_TYPES }).notNull(),
    description: text('description').notNull(),
    image: text('image').notNull().default(''),
    altImage: text('alt_image').notNull().default(''),
  },
  (t) => [
    ...searchIndexes('services', t.title),
    listIndex('services_created', t, t.createdAt),
    listIndex('services_title', t, sql`lower(${t.title})`),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    ...standardColumns,
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    /** The slot booked, to the minute. */
    bookingDate: timestamp('booking_date', { withTimezone: true }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    contactNumber: text('contact_number').notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('pending'),
    assigneeId: userIdColumn('assignee_id'),
    remarks: text('remarks').notNull().default(''),
  },
  (t) => [
    // One live booking per service and slot: two shoppers racing for it cannot both have it.
    uniqueIndex('appointments_service_slot_live').on(t.serviceId, t.bookingDate).where(sql`deleted_at is null`),
    index('appointments_assignee').on(t.assigneeId),
    ...searchIndexes('appointments', t.firstName, t.lastName, t.email, t.contactNumber),
    listIndex('appointments_booking', t, t.bookingDate),
    listIndex('appointments_created', t, t.createdAt),
  ],
);
