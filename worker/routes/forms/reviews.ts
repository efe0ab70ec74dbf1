/**
 * `POST /api/reviews`: a product review without JavaScript (spec §4 'published after acceptance; require
 * login', §5 'Review needs all inputs and star rating'). Fields: alias (the product's, in the page's
 * language), page (the product page, a path on this site), rating 1–5, author, comment. Answers 303:
 * - a guest (or a session that ended): to the login with `?redirect=` back to the form, what was typed kept;
 * - a field missing or too long: back to the form with the messages under the fields, what was typed kept;
 * - sent: back to the form, which says the review is published after acceptance (stored PENDING through
 *   the API's postProductReview, which also refuses a second waiting review of the product and too many
 *   in a day);
 * - an unknown product: back to the page with 'Produkten kunde inte hittas'.
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';
import { LOCALE_ISO, type Locale } from '../../../locales';
import type { AppEnv } from '../../app-env';
import { FORM_ACTIONS } from '../../../core/form-actions';
import { apiErrorOf } from '../../../core/api-errors';
import { graphql } from '../../../core/graphql/tada';
import { REVIEW_FORM_ID } from '../../../client/views/components/product/ReviewForm';
import type { ReviewMessage } from '../../../client/views/components/product/types';
import { redirectWithFlash } from '../../session/flash';
import {
  MAX_REVIEW_AUTHOR_LENGTH,
  MAX_REVIEW_COMMENT_LENGTH,
  setReviewFormState,
  type ReviewFormState,
} from '../../session/review-form';
import { hrefFor } from '../../urls/links';
import { localeOfPath } from '../../urls/request';
import { SameSitePath } from '../../urls/same-site';

const POST_PRODUCT_REVIEW = graphql(/* GraphQL */ `
  mutation reviewForm(
    $alias: String!
    $rating: Int!
    $author: String!
    $comment: String
    $channelId: String
    $languageId: String
    $marketId: String
  ) {
    postProductReview(
      alias: $alias
      rating: $rating
      comment: $comment
      author: $author
      channelId: $channelId
      languageId: $languageId
      marketId: $marketId
    )
  }
`);

/** What a browser sends; anything longer than a real form could post is refused whole. */
const Text = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max)), '');
const ReviewForm = v.object({
  alias: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(300)),
  page: v.optional(SameSitePath),
  rating: Text(8),
  author: Text(MAX_REVIEW_AUTHOR_LENGTH * 4),
  comment: Text(MAX_REVIEW_COMMENT_LENGTH * 4),
});
type ReviewFields = v.InferOutput<typeof ReviewForm>;

const Rating = v.pipe(v.string(), v.regex(/^[1-5]$/), v.transform(Number));

type FieldErrors = NonNullable<ReviewFormState['errors']>;

/** Spec §5: stars, name and review are all needed; each within the API's limit. */
function fieldErrors(rating: number | undefined, author: string, comment: string): FieldErrors {
  const errors: FieldErrors = {};
  if (rating === undefined) errors.rating = 'api.product.ratingRequired';
  if (!author) errors.author = 'api.product.required';
  else if (author.length > MAX_REVIEW_AUTHOR_LENGTH) errors.author = 'productPage.review.authorTooLong';
  if (!comment) errors.comment = 'api.product.required';
  else if (comment.length > MAX_REVIEW_COMMENT_LENGTH) errors.comment = 'productPage.review.commentTooLong';
  return errors;
}

/** `page` with the form's section as its fragment, so the answer is in view. */
function atForm(page: string): string {
  const url = new URL(page, 'http://localhost');
  return `${url.pathname}${url.search}#${REVIEW_FORM_ID}`;
}

/** Back to the form with its state (errors and what was typed, or that it was sent). */
function backToForm(c: Context<AppEnv>, page: string, state: ReviewFormState): Response {
  setReviewFormState(c, state);
  c.header('Cache-Control', 'no-store');
  return c.redirect(atForm(page), 303);
}

/** To the login, which brings the shopper back to the form (the one same-site rule checks `redirect` there). */
function toLogin(c: Context<AppEnv>, locale: Locale, page: string, kept: ReviewFormState): Response {
  setReviewFormState(c, kept);
  const login = `${hrefFor(c, 'account', locale)}?redirect=${encodeURIComponent(atForm(page))}`;
  return redirectWithFlash(c, login, { kind: 'error', key: 'forms.review.loginRequired', params: {} });
}

/** The API's refusal as the form's notice. */
const API_NOTICES: Record<string, ReviewMessage> = {
  'api.product.reviewPending': 'api.product.reviewPending',
  'api.product.tooManyReviews': 'api.product.tooManyReviews',
};

async function postReview(c: Context<AppEnv>, fields: ReviewFields): Promise<Response> {
  const page = fields.page ?? hrefFor(c, 'product', c.get('locale'), { alias: fields.alias });
  const locale = localeOfPath(new URL(page, 'http://localhost').pathname, c.get('config').marketInPath);
  const rating = v.safeParse(Rating, fields.rating.trim());
  const author = fields.author.trim();
  const comment = fields.comment.trim();
  const kept: ReviewFormState = {
    alias: fields.alias,
    rating: rating.success ? rating.output : undefined,
    author: author.slice(0, MAX_REVIEW_AUTHOR_LENGTH),
    comment: comment.slice(0, MAX_REVIEW_COMMENT_LENGTH),
  };
  if (!c.get('customer')) return toLogin(c, locale, page, kept);

  const errors = fieldErrors(kept.rating, author, comment);
  if (Object.keys(errors).length > 0 || kept.rating === undefined)
    return backToForm(c, page, { ...kept, errors, notice: 'productPage.review.invalid' });
  try {
    await c.get('graphql').mutate(POST_PRODUCT_REVIEW, {
      alias: fields.alias,
      rating: kept.rating,
      author,
      comment,
      languageId: LOCALE_ISO[locale],
    });
  } catch (error) {
    const key = apiErrorOf(error)?.messageKey ?? '';
    if (key === 'api.product.notFound')
      return redirectWithFlash(c, page, { kind: 'error', key: 'forms.invalidProduct', params: {} });
    if (key === 'api.product.loginRequired') return toLogin(c, locale, page, kept);
    const notice = API_NOTICES[key];
    if (!notice) console.error('review failed', error);
    return backToForm(c, page, { ...kept, notice: notice ?? 'productPage.review.failed' });
  }
  return backToForm(c, page, { alias: fields.alias, sent: true });
}

export function reviewFormRoutes() {
  const routes = new Hono<AppEnv>();
  routes.post(FORM_ACTIONS.productReview, csrf(), async function reviewForm(c) {
    const form = v.safeParse(ReviewForm, await c.req.parseBody());
    if (!form.success) throw new HTTPException(400, { message: 'Invalid review form' });
    return postReview(c, form.output);
  });
  return routes;
}
