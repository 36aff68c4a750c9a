import type { ReviewStatus, ReviewType } from '@facet/contract/modules/reviews/review.schema';
import { seededRandom } from '@facet/contract/seeded-random';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { sampleDiamondIdsForSale } from '../diamonds/index.ts';
import { demoContext, demoGuest, demoMomentWithin } from '../inquiries/index.ts';
import { sampleProductIdsForReview } from '../products/index.ts';
import { createReviewService } from './review.service.ts';
import { productReviews } from './review.table.ts';

const DEMO_REVIEWS = 300;
const DEMO_DAYS = 180;

const TITLES: readonly [number, string, string][] = [
  [5, 'Absolutely stunning', 'Even more beautiful in person. The stone catches the light all day and the finish is flawless.'],
  [5, 'Perfect engagement ring', 'She said yes! The ring arrived beautifully packaged and fits perfectly.'],
  [4.5, 'Lovely piece', 'Really pleased with the quality. Delivery took a day longer than expected, but worth the wait.'],
  [4, 'Very happy', 'Elegant and well made. I would have liked a slightly thicker band.'],
  [3.5, 'Nice, but smaller than expected', 'Pretty, though it looks smaller than in the photos.'],
  [3, 'Good value', 'Decent for the price. The clasp feels a little delicate.'],
  [2, 'Not for me', 'The colour was not what I expected from the pictures.'],
  [1, 'Disappointed', 'Arrived late and had to be resized. Customer service were helpful though.'],
  [5, 'Gift for my wife', 'She wears it every day. Thank you for the lovely handwritten note.'],
  [4.5, 'Sparkles beautifully', 'The diamond is bright and clean, exactly as described in the certificate.'],
];

/**
 * 300 reviews over the demo's products (and a few stones), written as the storefront sends them, then
 * moderated as staff would: most approved, some rejected, the latest still pending.
 */
export async function seedDemoReviews(tx: Db, { adminId }: SeedContext) {
  const productIds = await sampleProductIdsForReview(tx, 60);
  const diamondIds = await sampleDiamondIdsForSale(tx, 10);
  if (!productIds.length) return;
  const random = seededRandom(2508);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const service = createReviewService(tx);
  const context = demoContext(adminId);
  const dates = Array.from({ length: DEMO_REVIEWS }, () => demoMomentWithin(random, DEMO_DAYS)).sort((a, b) => a.getTime() - b.getTime());
  for (const [i, at] of dates.entries()) {
    const [rating, title, review] = pick(TITLES);
    const shopper = demoGuest(random, i);
    const type: ReviewType = diamondIds.length && random() < 0.08 ? 'diamond' : 'product';
    const created = await service.createFromStorefront(
      { type, productId: type === 'diamond' ? pick(diamondIds) : pick(productIds), name: `${shopper.firstName} ${shopper.lastName[0]}.`, email: shopper.email, title, review, rating },
      context,
    );
    // The last fortnight's reviews wait for staff; older ones were approved, the poorly worded few rejected.
    const status: ReviewStatus = i >= DEMO_REVIEWS - 40 ? 'pending' : random() < 0.12 ? 'rejected' : 'approved';
    await tx.update(productReviews).set({ status, createdAt: at, updatedAt: at }).where(eq(productReviews.id, created.id));
  }
}
