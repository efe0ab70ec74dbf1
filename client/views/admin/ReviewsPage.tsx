/** The reviews waiting for a decision (spec §4, issue 27): accept, or reject with a reason. */
import type { AdminTranslate } from '../../../locales/admin';
import { Pager, ReadOnlyNote } from './parts';

export interface ReviewRow {
  id: number;
  productName: string;
  productHref: string | null;
  author: string;
  rating: number;
  comment: string;
  written: string;
}

export interface ReviewsPageProps {
  at: AdminTranslate;
  reviews: ReviewRow[];
  total: number;
  page: number;
  pages: number;
  canWrite: boolean;
}

export function ReviewsPage({ at, reviews, total, page, pages, canWrite }: ReviewsPageProps) {
  return (
    <>
      <h1>
        {at('reviews.title')} ({total})
      </h1>
      {canWrite ? null : <ReadOnlyNote at={at} />}
      {reviews.length === 0 ? <p>{at('reviews.empty')}</p> : null}
      {reviews.map((review) => (
        <article className="admin-panel admin-review" key={review.id} aria-labelledby={`review-${review.id}`}>
          <h2 id={`review-${review.id}`}>
            {review.productHref ? <a href={review.productHref}>{review.productName}</a> : review.productName}
          </h2>
          <p className="admin-review__meta">
            {at('reviews.rating')}: {at('reviews.ratingValue', { rating: review.rating })} · {at('reviews.author')}:{' '}
            {review.author} · {at('reviews.written')}: {review.written}
          </p>
          <p className="admin-review__comment">{review.comment}</p>
          {canWrite ? (
            <div className="admin-review__actions">
              <form className="admin-form" method="post" action={`/admin/reviews/${review.id}/accept`}>
                <button className="admin-button admin-button--primary" type="submit">
                  {at('reviews.accept')}
                </button>
              </form>
              <form className="admin-form" method="post" action={`/admin/reviews/${review.id}/reject`}>
                <label>
                  {at('reviews.reason')}
                  <textarea name="reason" rows={2} maxLength={500} required />
                  <small>{at('reviews.reasonHint')}</small>
                </label>
                <button className="admin-button admin-button--danger" type="submit">
                  {at('reviews.reject')}
                </button>
              </form>
            </div>
          ) : null}
        </article>
      ))}
      <Pager at={at} page={page} pages={pages} base="/admin/reviews" />
    </>
  );
}
