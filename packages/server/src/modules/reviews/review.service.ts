import { MESSAGES } from '@facet/contract/messages';
import type { ReviewRecord, StorefrontReviewInput } from '@facet/contract/modules/reviews/review.schema';
import { reviewResource, storefrontReviewSchema } from '@facet/contract/modules/reviews/review.schema';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { emitChanged } from '../../events/emit.ts';
import type { ServiceContext } from '../../http/context.ts';
import { invalidField, parseOrThrow } from '../../http/errors.ts';
import { diamondsForReview } from '../diamonds/index.ts';
import { productsForReview } from '../products/index.ts';
import { productReviews } from './review.table.ts';

type ReviewRow = { type?: unknown; status?: unknown; productId?: unknown } | null;

/** Whether a review as it was or is counts towards its product's rating (approved, of a product). */
const countsTowardsRating = (row: ReviewRow) => row?.type === 'product' && row.status === 'approved';

/**
 * Reviews: staff list, edit (title, text, rating, status), change the status from the list and
 * delete them (the toolkit's crud service); shoppers send them through the storefront API. A write
 * that changes what counts towards a product's rating (an approval, a rejection of an approved one, a
 * rating edited, a delete) says the product's storefront document changed, in its transaction.
 */
export function createReviewService(db: Db) {
  const crud = createCrudService(db, reviewResource, productReviews, {
    async afterWrite(tx, { before, after }) {
      const productIds = [before, after].filter((row) => countsTowardsRating(row as ReviewRow)).map((row) => Number(row!.productId));
      await emitChanged(tx, 'products.changed', productIds);
    },
  });

  /**
   * A shopper's review: validated by the contract (400 with its messages); what it names must be a live,
   * active product (a top-level one, as its storefront document) or a stone the shop has. It waits as
   * Pending: a pending review counts for nothing, so no storefront document changes.
   */
  async function createFromStorefront(received: StorefrontReviewInput, context: ServiceContext): Promise<ReviewRecord> {
    const input = parseOrThrow(storefrontReviewSchema, received);
    const id = await db.transaction(async (tx) => {
      const reviewed = (input.type === 'product' ? await productsForReview(tx, [input.productId]) : await diamondsForReview(tx, [input.productId])).get(input.productId);
      if (!reviewed) throw invalidField('productId', MESSAGES.reviewedItemUnknown);
      const [inserted] = await tx
        .insert(productReviews)
        .values({
          status: 'pending',
          type: input.type,
          productId: input.productId,
          sku: reviewed.sku,
          productName: reviewed.name,
          name: input.name,
          email: input.email.toLowerCase(),
          title: input.title,
          review: input.review,
          rating: input.rating,
        })
        .returning({ id: productReviews.id });
      await writeAudit(tx, context, { action: 'create', entity: reviewResource.entity, entityId: inserted!.id, after: await crud.get(inserted!.id, tx) });
      return inserted!.id;
    });
    return crud.get(id);
  }

  return { ...crud, createFromStorefront };
}
