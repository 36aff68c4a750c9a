/** The public face of reviews: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { approvedRatings } from './review.ratings.ts';
export { createReviewService } from './review.service.ts';
