/**
 * What the no-JavaScript review form (worker/routes/forms/reviews.ts) hands back to the product page:
 * which product (its alias), the field errors and notice (message keys, never text), what was typed, or
 * that the review was sent. A one-time cookie (./one-time-cookie.ts), kept ten minutes so a guest who is
 * sent to log in finds their text again on the product.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import type { ReviewFormData, ReviewMessage } from '../../client/views/components/product/types';
import { REVIEW_FORM_COOKIE, REVIEW_FORM_COOKIE_MAX_AGE_S } from './cookies';
import { oneTimeCookie } from './one-time-cookie';

/** The longest name and review the API takes (worker/graphql/resolvers/product.ts). */
export const MAX_REVIEW_AUTHOR_LENGTH = 100;
export const MAX_REVIEW_COMMENT_LENGTH = 2000;
/** Browsers keep cookies up to 4 KB; a longer review is cut to fit (it is only there to be typed on). */
const MAX_COOKIE_BYTES = 3600;

const REVIEW_MESSAGES = [
  'api.product.ratingRequired',
  'api.product.required',
  'api.product.reviewPending',
  'api.product.tooManyReviews',
  'productPage.review.authorTooLong',
  'productPage.review.commentTooLong',
  'productPage.review.invalid',
  'productPage.review.failed',
] as const satisfies readonly ReviewMessage[];

const Message = v.picklist(REVIEW_MESSAGES);

const ReviewFormStateSchema = v.object({
  alias: v.pipe(v.string(), v.maxLength(300)),
  sent: v.optional(v.boolean(), false),
  errors: v.optional(
    v.object({ rating: v.optional(Message), author: v.optional(Message), comment: v.optional(Message) }),
    {},
  ),
  notice: v.optional(Message),
  rating: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))),
  author: v.optional(v.pipe(v.string(), v.maxLength(MAX_REVIEW_AUTHOR_LENGTH)), ''),
  comment: v.optional(v.pipe(v.string(), v.maxLength(MAX_REVIEW_COMMENT_LENGTH)), ''),
});

export type ReviewFormState = v.InferInput<typeof ReviewFormStateSchema>;

const stateCookie = oneTimeCookie(REVIEW_FORM_COOKIE, REVIEW_FORM_COOKIE_MAX_AGE_S, ReviewFormStateSchema);

/** Stores what the product page shows next; a review too long for a cookie is shortened until it fits. */
export function setReviewFormState(c: Context<AppEnv>, state: ReviewFormState): void {
  let kept = state;
  while (encodeURIComponent(JSON.stringify(kept)).length > MAX_COOKIE_BYTES && kept.comment) {
    kept = { ...kept, comment: kept.comment.slice(0, Math.floor(kept.comment.length * 0.8)) };
  }
  stateCookie.set(c, kept);
}

/**
 * The review form of the product `alias` for a logged-in customer: what a post left for this product
 * (read once), else the empty form with `author` (their first name) filled in. A page showing it is the
 * customer's own: marked `private, no-store`.
 */
export function reviewFormOf(c: Context<AppEnv>, alias: string, author: string): ReviewFormData {
  c.header('Cache-Control', 'private, no-store');
  const state = stateCookie.take(c);
  if (!state || state.alias !== alias) {
    return { kind: 'customer', sent: false, author, rating: null, comment: '', errors: {}, notice: null };
  }
  return {
    kind: 'customer',
    sent: state.sent,
    author: state.sent ? author : state.author,
    rating: state.sent ? null : (state.rating ?? null),
    comment: state.sent ? '' : state.comment,
    errors: state.errors,
    notice: state.notice ?? null,
  };
}
