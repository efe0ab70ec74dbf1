/**
 * Accepted reviews of the product (spec §4: published after acceptance) with their average and count.
 * Deferred: the list streams in after the page behind Suspense; a failed load shows a notice.
 */
import { use } from 'react';
import { pluralKey } from '../../../../locales';
import { useShop } from '../ShopContext';
import type { ReviewsData } from './types';
import { dateTimeFormat, numberFormat } from '../../../../locales/intl';

export const REVIEWS_ID = 'reviews';

/**
 * Five stars, `rating` of them filled. With a label they are an image with that text; without, they are
 * decoration beside a text that says the same.
 */
export function Stars({ rating, label }: { rating: number; label?: string }) {
  const filled = Math.min(5, Math.max(0, Math.round(rating)));
  return (
    <span className="stars" {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      <span aria-hidden="true">{'★'.repeat(filled)}</span>
      <span className="stars__empty" aria-hidden="true">
        {'★'.repeat(5 - filled)}
      </span>
    </span>
  );
}

/** Rating and count in the shopper's language ('4,3 av 5', '12 omdömen'). */
export function useRatingText(): { rating: (score: number) => string; count: (count: number) => string } {
  const { t, locale, localeIso } = useShop();
  const number = numberFormat(localeIso, { maximumFractionDigits: 1 });
  return {
    rating: (score) => t('productPage.reviews.average', { rating: number.format(score) }),
    count: (count) => t(`productPage.reviews.count.${pluralKey(locale, count)}`, { count }),
  };
}

export function ReviewsSection({ reviews }: { reviews: Promise<ReviewsData | null> }) {
  const { t, localeIso } = useShop();
  const text = useRatingText();
  const data = use(reviews);
  if (!data) return <p className="notice notice--error">{t('errors.generic')}</p>;
  const list = data.reviews ?? [];
  const date = dateTimeFormat(localeIso, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <>
      {data.count > 0 && (
        <p className="reviews__summary">
          <Stars rating={data.averageRating} />
          <span className="reviews__average">{text.rating(data.averageRating)}</span>
          <span className="reviews__count">{text.count(data.count)}</span>
        </p>
      )}
      {list.length === 0 ? (
        <p className="reviews__empty">{t('productPage.reviews.empty')}</p>
      ) : (
        <ol className="review-list">
          {list.map((review, index) => (
            <li key={index} className="review">
              <Stars rating={review.rating} label={t('productPage.reviews.rating', { rating: review.rating })} />
              <p className="review__comment">{review.comment}</p>
              <p className="review__byline">
                {review.author} · <time dateTime={review.reviewDate}>{date.format(new Date(review.reviewDate))}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

export function ReviewsLoading() {
  const { t } = useShop();
  return (
    <p className="reviews__loading" role="status">
      {t('productPage.reviews.loading')}
    </p>
  );
}
