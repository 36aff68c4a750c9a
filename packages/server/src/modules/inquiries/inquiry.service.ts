import { MESSAGES } from '@facet/contract/messages';
import type { StorefrontInquiryInput } from '@facet/contract/modules/inquiries/inquiry.schema';
import { inquiryResource, storefrontInquirySchema } from '@facet/contract/modules/inquiries/inquiry.schema';
import type { InquiryRecord } from '@facet/contract/modules/inquiries/inquiry.schema';
import { SHOP_CURRENCY } from '@facet/contract/modules/inquiries/sale-line.schema';
import { eq, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import type { ServiceContext } from '../../http/context.ts';
import { invalidField, parseOrThrow } from '../../http/errors.ts';
import { customerContacts } from '../customers/index.ts';
import { inquiries, inquiryLines } from './inquiry.table.ts';
import { priceSaleLines, saleLineTotals, saleLinesOf } from './sale-lines.ts';

/**
 * Inquiries: the list and the detail of the toolkit's crud service (staff only read them), and the
 * storefront's create, which prices the lines from the catalogue and keeps their snapshot.
 */
export function createInquiryService(db: Db) {
  const crud = createCrudService(db, inquiryResource, inquiries, {
    filterTargets: { inquiryDate: inquiries.createdAt },
    async loadRelations(source, ids) {
      const lines = await saleLinesOf(source, inquiryLines, inquiryLines.inquiryId, ids);
      return new Map(ids.map((id) => [id, { lines: lines.get(id) ?? [] }]));
    },
  });

  /**
   * A shopper's inquiry from the storefront: validated by the contract's schema (400 with its
   * messages), the customer (when one is named) must be a live one, the lines are priced now (a product
   * not for sale 400, a stone no longer for sale 409). One transaction: header, lines, totals, audit.
   */
  async function createFromStorefront(received: StorefrontInquiryInput, context: ServiceContext): Promise<InquiryRecord> {
    const input = parseOrThrow(storefrontInquirySchema, received);
    const id = await db.transaction(async (tx) => {
      if (input.customerId !== undefined && !(await customerContacts(tx, [input.customerId])).has(input.customerId)) {
        throw invalidField('customerId', MESSAGES.chooseFromList('customer'));
      }
      const lines = await priceSaleLines(tx, input.lines);
      const [inserted] = await tx
        .insert(inquiries)
        .values({
          customerId: input.customerId ?? null,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email.toLowerCase(),
          contactNumber: input.contactNumber,
          street: input.street,
          country: input.country,
          postcode: input.postcode,
          currency: SHOP_CURRENCY.code,
          symbol: SHOP_CURRENCY.symbol,
        })
        .returning({ id: inquiries.id });
      const inquiryId = inserted!.id;
      await tx.insert(inquiryLines).values(lines.map((line) => ({ ...line, inquiryId })));
      const { subtotal, itemCount } = await saleLineTotals(tx, inquiryLines, inquiryLines.inquiryId, inquiryId);
      await tx.update(inquiries).set({ subtotal, total: sql`${subtotal} - ${inquiries.discount}`, itemCount }).where(eq(inquiries.id, inquiryId));
      await writeAudit(tx, context, { action: 'create', entity: inquiryResource.entity, entityId: inquiryId, after: await crud.get(inquiryId, tx) });
      return inquiryId;
    });
    return crud.get(id);
  }

  return { ...crud, createFromStorefront };
}
