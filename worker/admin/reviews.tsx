/**
 * /admin/reviews (issue 27, spec §4): the queue of reviews waiting, oldest first; staff accept one (it shows
 * on the product page at once, kept pages too) or reject it with a reason. Each decision is audit-logged in
 * its own batch, and made once however many staff press at the same moment.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ReviewsPage } from '../../client/views/admin/ReviewsPage';
import { decideReview, reviewsToModerate, type ReviewDecision } from '../commerce/catalog/review-moderation';
import { builtInApiOnly, doneTo, writers, type AdminEnv } from './context';
import { renderAdmin, renderAdminMessage } from './render';
import { adminDateTime, pageOf, pagesOf } from './pages';
import { auditStatement, mayWrite } from './staff';

const PER_PAGE = 20;
const ReviewId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number));
const Reason = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500));

export function reviewRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.use('*', builtInApiOnly);
  routes.use('*', writers);

  routes.get('/', async function reviewQueue(c) {
    const { page, skip, take } = pageOf(c, PER_PAGE);
    const { total, reviews } = await reviewsToModerate(c.env.DB, { skip, take });
    return renderAdmin(c, {
      title: c.var.at('reviews.title'),
      body: (
        <ReviewsPage
          at={c.var.at}
          total={total}
          page={page}
          pages={pagesOf(total, PER_PAGE)}
          canWrite={mayWrite(c.var.staff)}
          reviews={reviews.map((review) => ({
            id: review.id,
            productName: review.productName,
            productHref: review.productAlias ? `/p/${review.productAlias}` : null,
            author: review.author,
            rating: review.rating,
            comment: review.comment,
            written: adminDateTime(c, review.createdAt),
          }))}
        />
      ),
    });
  });

  routes.post('/:id/:decision{accept|reject}', async function decide(c) {
    const id = v.safeParse(ReviewId, c.req.param('id'));
    if (!id.success) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    let decision: ReviewDecision = { status: 'ACCEPTED' };
    if (c.req.param('decision') === 'reject') {
      const reason = v.safeParse(Reason, (await c.req.parseBody()).reason);
      if (!reason.success) return doneTo(c, '/admin/reviews', 'reviews.reasonRequired', undefined, 'error');
      decision = { status: 'REJECTED', reason: reason.output };
    }
    const now = new Date();
    const result = await decideReview(c.env.DB, id.output, decision, c.var.staff.email, now, (review) => [
      auditStatement(
        c.env.DB,
        c.var.staff,
        {
          action: decision.status === 'ACCEPTED' ? 'review.accept' : 'review.reject',
          subject: `review:${review.id} product:${review.productId}`,
          before: { status: 'PENDING', author: review.author, rating: review.rating },
          after: decision,
        },
        now,
        { afterChange: true },
      ),
    ]);
    if (result === 'GONE') return doneTo(c, '/admin/reviews', 'reviews.gone', undefined, 'error');
    return doneTo(c, '/admin/reviews', decision.status === 'ACCEPTED' ? 'reviews.accepted' : 'reviews.rejected');
  });

  return routes;
}
