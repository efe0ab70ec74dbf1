/**
 * The merchant's side of reviews (spec §4: a review is published after acceptance; issue 27): the queue
 * of reviews waiting, and the decision on one. A decision is one D1 batch with what must go with it (the
 * announcement that the product changed, so kept pages show the review at once; the audit row), and it
 * is made once: a review already decided, by someone else a moment ago too, is not decided again.
 */
import { announceProductChanges } from './product-changes';

export interface ReviewToModerate {
  id: number;
  productId: number;
  productName: string;
  /** The product's Swedish alias, for a link to its page. */
  productAlias: string;
  author: string;
  rating: number;
  comment: string;
  languageId: string;
  /** ISO timestamp. */
  createdAt: string;
}

/** The reviews waiting for a decision, oldest first (first come, first served), a page at a time. */
export async function reviewsToModerate(
  db: D1Database,
  page: { skip: number; take: number },
): Promise<{ total: number; reviews: ReviewToModerate[] }> {
  const [count, rows] = await db.batch<Record<string, any>>([
    db.prepare("SELECT COUNT(*) AS total FROM reviews WHERE status = 'PENDING'"),
    db
      .prepare(
        `SELECT r.id, r.product_id, r.author, r.rating, r.comment, r.language_id, r.created_at,
                COALESCE(t.name, '#' || r.product_id) AS product_name, COALESCE(t.alias, '') AS product_alias
         FROM reviews r LEFT JOIN product_texts t ON t.product_id = r.product_id AND t.language_id = 'sv-SE'
         WHERE r.status = 'PENDING' ORDER BY r.created_at, r.id LIMIT ? OFFSET ?`,
      )
      .bind(page.take, page.skip),
  ]);
  return {
    total: count!.results[0]?.total ?? 0,
    reviews: rows!.results.map((row) => ({
      id: row.id,
      productId: row.product_id,
      productName: row.product_name,
      productAlias: row.product_alias,
      author: row.author,
      rating: row.rating,
      comment: row.comment,
      languageId: row.language_id,
      createdAt: row.created_at,
    })),
  };
}

export type ReviewDecision = { status: 'ACCEPTED' } | { status: 'REJECTED'; reason: string };

/**
 * Decides review `id` if it is still waiting. `alongside` gets the review and returns statements that
 * belong to the decision (the audit row): they run in the same batch, after it, and only count when the
 * decision was made (each is expected to be conditioned on it). 'GONE': already decided, or no such review.
 */
export async function decideReview(
  db: D1Database,
  id: number,
  decision: ReviewDecision,
  by: string,
  now: Date,
  alongside: (review: { id: number; productId: number; author: string; rating: number }) => D1PreparedStatement[],
): Promise<'DECIDED' | 'GONE'> {
  const review = await db
    .prepare("SELECT id, product_id, author, rating FROM reviews WHERE id = ? AND status = 'PENDING'")
    .bind(id)
    .first<{ id: number; product_id: number; author: string; rating: number }>();
  if (!review) return 'GONE';
  const [decided] = await db.batch([
    db
      .prepare(
        `UPDATE reviews SET status = ?, decided_at = ?, decided_by = ?, rejection_reason = ?
         WHERE id = ? AND status = 'PENDING'`,
      )
      .bind(decision.status, now.toISOString(), by, decision.status === 'REJECTED' ? decision.reason : null, id),
    ...alongside({ id: review.id, productId: review.product_id, author: review.author, rating: review.rating }),
    // The product's page (and every list that shows its rating) is shown anew: kept copies are retired.
    ...(decision.status === 'ACCEPTED' ? [announceProductChanges(db, [review.product_id])] : []),
  ]);
  return decided!.meta.changes === 1 ? 'DECIDED' : 'GONE';
}
