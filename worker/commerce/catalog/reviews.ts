/**
 * Product reviews (spec §3 Review, §4): shoppers who are logged in write them, they wait as PENDING and
 * are published once ACCEPTED. Only accepted reviews are ever listed or counted in a rating.
 */
import { constraintViolationOf, violatesColumn } from '../../db/constraints';

export interface ReviewRecord {
  rating: number;
  comment: string;
  author: string;
  /** ISO timestamp. */
  createdAt: string;
}

export interface ReviewPage {
  count: number;
  averageRating: number;
  reviews: ReviewRecord[];
}

export interface ReviewPageQuery {
  /** A product's reviews, or every product's when null. */
  productId: number | null;
  skip: number;
  take: number;
}

/** Accepted reviews, newest first, the page `skip`..`skip + take`, with the count and average of all. */
export async function acceptedReviews(db: D1Database, query: ReviewPageQuery): Promise<ReviewPage> {
  const where = query.productId === null ? "status = 'ACCEPTED'" : "product_id = ? AND status = 'ACCEPTED'";
  const bind = query.productId === null ? [] : [query.productId];
  const [summary, page] = await db.batch<Record<string, any>>([
    db.prepare(`SELECT COUNT(*) AS count, AVG(rating) AS average FROM reviews WHERE ${where}`).bind(...bind),
    db
      .prepare(
        `SELECT rating, comment, author, created_at FROM reviews WHERE ${where}
         ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .bind(...bind, query.take, query.skip),
  ]);
  const totals = summary!.results[0] ?? { count: 0, average: null };
  return {
    count: totals.count,
    averageRating: totals.average === null ? 0 : Math.round(totals.average * 100) / 100,
    reviews: page!.results.map((row) => ({
      rating: row.rating,
      comment: row.comment,
      author: row.author,
      createdAt: row.created_at,
    })),
  };
}

export interface NewReview {
  productId: number;
  customerId: number;
  author: string;
  rating: number;
  comment: string;
  languageId: string;
  now: Date;
}

/** A customer's reviews within a day at most: enough for an honest shopper, a wall for a script. */
export const MAX_REVIEWS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What became of a review: stored, or refused because the customer already has one of this product
 * waiting for acceptance (one at a time, UNIQUE reviews_one_pending), or has written the day's limit.
 */
export type ReviewSubmission = 'STORED' | 'ALREADY_PENDING' | 'DAILY_LIMIT';

/**
 * Stores a review as PENDING: it is published only after acceptance (spec §4). The limits are part of
 * the one statement (the day's count) and of the schema (one pending review per product), so two posts
 * at once cannot get past them.
 */
export async function submitReview(db: D1Database, review: NewReview): Promise<ReviewSubmission> {
  const since = new Date(review.now.getTime() - DAY_MS).toISOString();
  try {
    const result = await db
      .prepare(
        `INSERT INTO reviews (product_id, customer_id, author, rating, comment, language_id, status, created_at)
         SELECT ?, ?, ?, ?, ?, ?, 'PENDING', ?
         WHERE (SELECT COUNT(*) FROM reviews WHERE customer_id = ? AND created_at > ?) < ?`,
      )
      .bind(
        review.productId,
        review.customerId,
        review.author,
        review.rating,
        review.comment,
        review.languageId,
        review.now.toISOString(),
        review.customerId,
        since,
        MAX_REVIEWS_PER_DAY,
      )
      .run();
    return result.meta.changes === 1 ? 'STORED' : 'DAILY_LIMIT';
  } catch (error) {
    const violation = constraintViolationOf(error);
    if (violatesColumn(violation, 'UNIQUE', 'reviews.customer_id')) return 'ALREADY_PENDING';
    throw error;
  }
}

/** Whether the customer exists (a token may outlive its account). */
export async function customerExists(db: D1Database, customerId: number): Promise<boolean> {
  const row = await db.prepare('SELECT 1 AS found FROM customers WHERE id = ?').bind(customerId).first();
  return row !== null;
}
