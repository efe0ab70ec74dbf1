/**
 * The back office at /admin (issue 27): the merchant's staff run the shop from here. Who gets in is
 * Cloudflare Access's verified token mapped to a staff role in D1 (context.ts, staff.ts), or on `npm run dev`
 * the local owner; without either /admin is the 404 page. Every page is server-rendered with plain forms;
 * every write is same-origin, allowed by role, and audit-logged in its own batch. Nothing here reaches a
 * shopper's page: its views, stylesheet and modules are its own (a lint zone keeps it so).
 */
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { HomePage } from '../../client/views/admin/HomePage';
import { ADMIN_LOCALES } from '../../locales/admin';
import { ADMIN_LANGUAGE_COOKIE, ADMIN_LANGUAGE_MAX_AGE_S } from '../session/cookies';
import { runsBuiltInApi, sameOriginPosts, staffOnly, type AdminContext, type AdminEnv } from './context';
import { renderAdmin, renderAdminMessage } from './render';
import { reviewRoutes } from './reviews';
import { orderRoutes } from './orders';
import { productRoutes } from './products';
import { returnRoutes } from './returns';
import { mailRoutes } from './mail';
import { importRoutes } from './import';
import { apiKeyRoutes } from './api-keys';
import { themeRoutes } from './theme';
import { customerRoutes, impersonationEndRoutes } from './customers';
import { staffRoutes } from './staff-routes';

const LanguageForm = v.object({
  language: v.picklist(ADMIN_LOCALES),
  back: v.optional(v.pipe(v.string(), v.regex(/^\/admin(\/[\w\-/]*)?$/)), '/admin'),
});

/** What waits for staff, by queue (built-in API only: a remote API's back office runs its own). */
async function queuesOf(c: AdminContext) {
  const failed = await c.env.DB.prepare(
    "SELECT COUNT(*) AS n FROM outgoing_emails WHERE failed_at IS NOT NULL AND body <> '' AND created_at > ?",
  )
    .bind(new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString())
    .first<{ n: number }>();
  const mail = { label: c.var.at('home.failedMail'), count: failed?.n ?? 0, href: '/admin/mail?state=failed' };
  if (!runsBuiltInApi(c)) return [mail];
  const row = await c.env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM orders WHERE status = 'RECEIVED' AND held_at IS NULL) AS to_process,
            (SELECT COUNT(*) FROM orders WHERE held_at IS NOT NULL AND status <> 'CANCELLED') AS held,
            (SELECT COUNT(*) FROM reviews WHERE status = 'PENDING') AS reviews,
            (SELECT COUNT(*) FROM order_withdrawals WHERE received_at IS NULL AND refund_id IS NULL) AS returns`,
  ).first<{ to_process: number; held: number; reviews: number; returns: number }>();
  return [
    { label: c.var.at('home.toProcess'), count: row?.to_process ?? 0, href: '/admin/orders?status=RECEIVED' },
    { label: c.var.at('home.held'), count: row?.held ?? 0, href: '/admin/orders?status=HELD' },
    { label: c.var.at('home.returns'), count: row?.returns ?? 0, href: '/admin/returns' },
    { label: c.var.at('home.pendingReviews'), count: row?.reviews ?? 0, href: '/admin/reviews' },
    mail,
  ];
}

export function adminRoutes() {
  const admin = new Hono<AdminEnv>();
  admin.use('*', staffOnly());
  admin.use('*', sameOriginPosts());

  admin.get('/', async function overview(c) {
    return renderAdmin(c, {
      title: c.var.at('home.title'),
      body: (
        <HomePage
          at={c.var.at}
          queues={await queuesOf(c)}
          remoteEndpoint={runsBuiltInApi(c) ? null : c.var.config.graphqlEndpoint}
        />
      ),
    });
  });

  // The staff member's language: any role may choose it, it changes nothing in the shop.
  admin.post('/language', async function chooseLanguage(c) {
    const form = v.safeParse(LanguageForm, await c.req.parseBody());
    if (!form.success) return c.redirect('/admin', 303);
    setCookie(c, ADMIN_LANGUAGE_COOKIE, form.output.language, {
      path: '/admin',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: ADMIN_LANGUAGE_MAX_AGE_S,
    });
    return c.redirect(form.output.back, 303);
  });

  admin.route('/orders', orderRoutes());
  admin.route('/returns', returnRoutes());
  admin.route('/mail', mailRoutes());
  admin.route('/products', productRoutes());
  admin.route('/import', importRoutes());
  admin.route('/api-keys', apiKeyRoutes());
  admin.route('/theme', themeRoutes());
  admin.route('/customers', customerRoutes());
  admin.route('/impersonation', impersonationEndRoutes());
  admin.route('/reviews', reviewRoutes());
  admin.route('/', staffRoutes());
  // Any other address under /admin: the back office's own 404, never the shop's pages behind it.
  admin.all('*', (c) => renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound'));
  return admin;
}
