import { MESSAGES } from '@facet/contract/messages';
import {
  SERVICE_IMAGE_PURPOSE,
  appointmentReportQuerySchema,
  appointmentResource,
  reportRange,
  serviceResource,
  storefrontAppointmentSchema,
} from '@facet/contract/modules/appointments/appointment.schema';
import type {
  AppointmentRecord,
  AppointmentReport,
  AppointmentReportQuery,
  Assignee,
  ServiceType,
  StorefrontAppointmentInput,
} from '@facet/contract/modules/appointments/appointment.schema';
import { SHOP_TIME_ZONE } from '@facet/contract/format';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { createCrudService } from '../../db/crud-service.ts';
import type { ServiceContext } from '../../http/context.ts';
import { conflict, databaseErrorOf, invalidField, parseOrThrow } from '../../http/errors.ts';
import { assertMediaUrls } from '../media/index.ts';
import { staffHolding, staffNames } from '../users/index.ts';
import { appointments, services } from './appointment.table.ts';

/** Who takes appointments: staff holding the permission that gates them. */
const takesAppointments = (db: Db): Promise<Assignee[]> => staffHolding(db, [appointmentResource.permission as string]);

export function createServiceService(db: Db) {
  const assertImages = (tx: Db, input: { image: string; altImage: string }) => assertMediaUrls(tx, { image: input.image, altImage: input.altImage }, [SERVICE_IMAGE_PURPOSE]);
  const crud = createCrudService(db, serviceResource, services, {
    beforeCreate: (tx, { input }) => assertImages(tx, input),
    beforeUpdate: (tx, { input }) => assertImages(tx, input),
  });

  /** The active services a storefront offers for booking, by title. */
  async function activeServices() {
    return db
      .select({ id: services.id, title: services.title, serviceType: services.serviceType, description: services.description, image: services.image, altImage: services.altImage })
      .from(services)
      .where(and(isLive(services), eq(services.status, true)))
      .orderBy(asc(sql`lower(${services.title})`), asc(services.id));
  }
  return { ...crud, activeServices };
}

const slotTaken = () => conflict(MESSAGES.serviceSlotTaken, [{ path: ['bookingDate'], message: MESSAGES.serviceSlotTaken }]);

export function createAppointmentService(db: Db) {
  const serviceOf = (column: typeof services.title | typeof services.serviceType) =>
    sql<string>`(select ${column} from ${services} where ${services.id} = ${appointments.serviceId})`;

  const crud = createCrudService(db, appointmentResource, appointments, {
    derivedFields: { title: serviceOf(services.title), serviceType: serviceOf(services.serviceType) },
    filterTargets: {
      serviceType: (types: readonly ServiceType[]) =>
        sql`exists (select 1 from ${services} where ${services.id} = ${appointments.serviceId} and ${inArray(services.serviceType, [...types])})`,
    },
    async loadRelations(source, ids) {
      const rows = await source.select({ id: appointments.id, assigneeId: appointments.assigneeId }).from(appointments).where(inArray(appointments.id, ids));
      const names = await staffNames(source, rows.map((row) => row.assigneeId));
      return new Map(rows.map((row) => [row.id, { assigneeName: row.assigneeId === null ? null : (names.get(row.assigneeId) ?? null) }]));
    },
    toValues: (input) => ({ status: input.status, assigneeId: input.assigneeId, remarks: input.remarks }),
    async beforeUpdate(tx, { input, existing }) {
      // An appointment keeps an assignee who since stopped taking appointments; a new one must take them.
      if (input.assigneeId === null || input.assigneeId === existing.assigneeId) return;
      if (!(await takesAppointments(tx)).some((staff) => staff.id === input.assigneeId)) throw invalidField('assigneeId', MESSAGES.unknownAssignee);
    },
  });

  /**
   * A shopper's booking from the storefront: an active service, a slot in the future (to the minute).
   * The slot is one live booking per service, kept by the unique index: two shoppers racing for it
   * both insert, and the second gets 409, whatever the order their reads ran in.
   */
  async function createFromStorefront(received: StorefrontAppointmentInput, context: ServiceContext): Promise<AppointmentRecord> {
    const input = parseOrThrow(storefrontAppointmentSchema, received);
    const bookingDate = new Date(input.bookingDate);
    bookingDate.setUTCSeconds(0, 0);
    if (bookingDate.getTime() <= Date.now()) throw invalidField('bookingDate', MESSAGES.bookingInPast);
    const id = await db
      .transaction(async (tx) => {
        const [service] = await tx
          .select({ id: services.id })
          .from(services)
          .where(and(eq(services.id, input.serviceId), isLive(services), eq(services.status, true)));
        if (!service) throw invalidField('serviceId', MESSAGES.unknownService);
        const [inserted] = await tx
          .insert(appointments)
          .values({
            serviceId: input.serviceId,
            bookingDate,
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email.toLowerCase(),
            contactNumber: input.contactNumber,
          })
          .returning({ id: appointments.id });
        const appointmentId = inserted!.id;
        await writeAudit(tx, context, { action: 'create', entity: appointmentResource.entity, entityId: appointmentId, after: await crud.get(appointmentId, tx) });
        return appointmentId;
      })
      .catch((error: unknown) => {
        const dbError = databaseErrorOf(error);
        throw dbError?.code === '23505' && dbError.constraint === 'appointments_service_slot_live' ? slotTaken() : error;
      });
    return crud.get(id);
  }

  const assignees = () => takesAppointments(db);

  /**
   * Per assignee, the appointments booked within the period that are in progress, successful and
   * unsuccessful (document 3 §3 Appointment report row); appointments nobody took are one row,
   * 'Unassigned'. Days are the shop's (Europe/London); rows by name, paged.
   */
  async function report(received: AppointmentReportQuery): Promise<AppointmentReport> {
    const query = parseOrThrow(appointmentReportQuerySchema, received);
    const { from, to } = reportRange(query.period, new Date(), query);
    const bookingDay = sql`(${appointments.bookingDate} at time zone ${SHOP_TIME_ZONE})::date`;
    const where = and(
      isLive(appointments),
      sql`${bookingDay} between ${from}::date and ${to}::date`,
      query.assigneeId === undefined ? undefined : eq(appointments.assigneeId, query.assigneeId),
    );
    const count = (status: string) => sql<number>`count(*) filter (where ${appointments.status} = ${status})`.mapWith(Number);
    const counted = await db
      .select({
        assigneeId: appointments.assigneeId,
        inProgress: count('in_progress'),
        successful: count('successful'),
        unsuccessful: count('unsuccessful'),
      })
      .from(appointments)
      .where(where)
      .groupBy(appointments.assigneeId);
    const names = await staffNames(db, counted.map((row) => row.assigneeId));
    const rows = counted
      .map((row) => ({ ...row, name: row.assigneeId === null ? 'Unassigned' : (names.get(row.assigneeId) ?? `#${row.assigneeId}`) }))
      .sort((a, b) => (a.assigneeId === null ? 1 : b.assigneeId === null ? -1 : a.name.localeCompare(b.name)));
    const start = (query.page - 1) * query.pageSize;
    return { items: rows.slice(start, start + query.pageSize), total: rows.length, page: query.page, pageSize: query.pageSize, from, to };
  }

  return { ...crud, createFromStorefront, assignees, report };
}
