/**
 * Writing a review (spec §4 'published after acceptance; require login', §5 'Review needs all inputs and
 * star rating'): a plain POST to /api/reviews (worker/routes/forms/reviews.ts) with no script at all. The
 * stars are a radio group (one radio per star, each with its own label, so keys and screen readers work
 * as with any radio group), drawn as stars by CSS. A guest gets a prompt to log in that brings them back
 * here; after a post the form shows the messages under the fields with what was typed, or the notice
 * that the review is published after acceptance.
 */
import type { ReviewFormData } from './types';
import { FORM_ACTIONS } from '../../../../core/form-actions';
import { useShop } from '../ShopContext';

/** The form's section: the endpoint's answers end in `#write-review`, so the answer is in view. */
export const REVIEW_FORM_ID = 'write-review';

const STARS = [1, 2, 3, 4, 5] as const;
const errorId = (field: string) => `review-${field}-error`;

function FieldError({ field, message }: { field: string; message: string | undefined }) {
  return message ? (
    <p className="field__error" id={errorId(field)}>
      {message}
    </p>
  ) : null;
}

export function ReviewForm({ alias, data }: { alias: string; data: ReviewFormData }) {
  const { t, href, currentPath } = useShop();
  const heading = (
    <h3 id="review-form-title" className="review-form__title">
      {t('productPage.review.title')}
    </h3>
  );
  if (data.kind === 'guest') {
    const login = `${href('account')}?redirect=${encodeURIComponent(`${currentPath.split('#')[0]}#${REVIEW_FORM_ID}`)}`;
    return (
      <section className="review-form" id={REVIEW_FORM_ID} aria-labelledby="review-form-title">
        {heading}
        <p>{t('productPage.review.loginPrompt')}</p>
        <a className="button button--secondary" href={login}>
          {t('productPage.review.loginLink')}
        </a>
      </section>
    );
  }
  if (data.sent) {
    return (
      <section className="review-form" id={REVIEW_FORM_ID} aria-labelledby="review-form-title">
        {heading}
        <p className="notice notice--success" role="status">
          {t('productPage.review.sent')}
        </p>
      </section>
    );
  }
  const { errors } = data;
  const described = (field: 'author' | 'comment', hint?: string) =>
    [hint ?? '', errors[field] ? errorId(field) : ''].filter(Boolean).join(' ') || undefined;
  return (
    <section className="review-form" id={REVIEW_FORM_ID} aria-labelledby="review-form-title">
      {heading}
      <p className="review-form__intro">{t('productPage.review.intro')}</p>
      {data.notice && (
        <p className="notice notice--error" role="alert">
          {t(data.notice)}
        </p>
      )}
      {/* noValidate: the shop's own messages (spec §5) answer, not the browser's. */}
      <form className="review-form__form" method="post" action={FORM_ACTIONS.productReview} noValidate>
        <input type="hidden" name="alias" value={alias} />
        <input type="hidden" name="page" value={currentPath} />
        <fieldset
          className={`star-rating${errors.rating ? ' field--invalid' : ''}`}
          aria-describedby={errors.rating ? errorId('rating') : undefined}
        >
          <legend className="field__label">{t('productPage.review.rating')}</legend>
          <div className="star-rating__options">
            {STARS.map((stars) => (
              <span key={stars} className="star-rating__option">
                <input
                  className="star-rating__input"
                  type="radio"
                  id={`review-rating-${stars}`}
                  name="rating"
                  value={stars}
                  defaultChecked={data.rating === stars}
                  required
                />
                <label className="star-rating__star" htmlFor={`review-rating-${stars}`}>
                  <span className="visually-hidden">{t('productPage.review.stars', { count: stars })}</span>
                </label>
              </span>
            ))}
          </div>
          <FieldError field="rating" message={errors.rating && t(errors.rating)} />
        </fieldset>
        <div className={`field${errors.author ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="review-author">
            {t('productPage.review.author')}
          </label>
          <p className="field__hint" id="review-author-hint">
            {t('productPage.review.authorHint')}
          </p>
          <input
            className="field__input"
            id="review-author"
            name="author"
            defaultValue={data.author}
            maxLength={100}
            autoComplete="given-name"
            required
            aria-invalid={errors.author ? true : undefined}
            aria-describedby={described('author', 'review-author-hint')}
          />
          <FieldError field="author" message={errors.author && t(errors.author)} />
        </div>
        <div className={`field${errors.comment ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="review-comment">
            {t('productPage.review.comment')}
          </label>
          <textarea
            className="field__input review-form__comment"
            id="review-comment"
            name="comment"
            rows={5}
            defaultValue={data.comment}
            maxLength={2000}
            required
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={described('comment')}
          />
          <FieldError field="comment" message={errors.comment && t(errors.comment)} />
        </div>
        <button type="submit" className="button button--primary">
          {t('productPage.review.submit')}
        </button>
      </form>
    </section>
  );
}
