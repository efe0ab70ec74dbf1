/**
 * The back office's request (issue 27): who the staff member is, which language they read, the notice a
 * form left them, and the guards every admin route stands behind. /admin sits before the shop's market,
 * locale and auth middleware: none of a shopper's state is read or made for a staff request.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { AppEnv, AppVariables } from '../app-env';
import {
  ADMIN_LOCALES,
  createAdminTranslator,
  isAdminLocale,
  type AdminKey,
  type AdminLocale,
  type AdminTranslate,
} from '../../locales/admin';
import { ADMIN_LANGUAGE_COOKIE, ADMIN_NOTICE_COOKIE, ADMIN_NOTICE_MAX_AGE_S } from '../session/cookies';
import { oneTimeCookie } from '../session/one-time-cookie';
import { notFound } from '../render/errors';
import { mayManageStaff, mayWrite, staffOf, type StaffMember } from './staff';
import { renderAdminMessage } from './render';

export interface AdminVariables {
  staff: StaffMember;
  adminLocale: AdminLocale;
  at: AdminTranslate;
}

export interface AdminEnv {
  Bindings: Env;
  Variables: AppVariables & AdminVariables;
}

export type AdminContext = Context<AdminEnv>;

/** The staff member's language: their choice (cookie), else the browser's first of sv and en, else Swedish. */
export function adminLocaleOf(c: Context): AdminLocale {
  const chosen = getCookie(c, ADMIN_LANGUAGE_COOKIE);
  if (isAdminLocale(chosen)) return chosen;
  const accepted = (c.req.header('Accept-Language') ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase());
  return accepted.find((code): code is AdminLocale => (ADMIN_LOCALES as readonly string[]).includes(code)) ?? 'sv';
}

/** The one-time notice after a staff form: a message key of the back office, its parameters, good or bad news. */
const Notice = v.object({
  key: v.pipe(v.string(), v.maxLength(80), v.regex(/^[a-z]+\.[A-Za-z_]+$/)),
  params: v.optional(v.record(v.string(), v.pipe(v.string(), v.maxLength(300)))),
  tone: v.picklist(['success', 'error']),
});
export type AdminNotice = v.InferOutput<typeof Notice>;
const notices = oneTimeCookie(ADMIN_NOTICE_COOKIE, ADMIN_NOTICE_MAX_AGE_S, Notice);

/** Leaves the next admin page a notice, and answers 303 to `path` (a path of the back office). */
export function doneTo(
  c: AdminContext,
  path: `/admin${string}`,
  key: AdminKey,
  params?: Record<string, string>,
  tone: AdminNotice['tone'] = 'success',
): Response {
  notices.set(c as unknown as Context<AppEnv>, { key, params, tone });
  return c.redirect(path, 303);
}

/** The notice waiting for this page, in the staff member's language, or null. */
export function takeNotice(c: AdminContext): { text: string; tone: AdminNotice['tone'] } | null {
  const notice = notices.take(c as unknown as Context<AppEnv>);
  if (!notice) return null;
  const text = c.var.at(notice.key as AdminKey, notice.params);
  return text ? { text, tone: notice.tone } : null;
}

let offLogged = false;

/**
 * Every /admin request: never cached or indexed; a 404 (and a line in the log saying why) when no way in
 * is configured; a 403 for anyone Access did not vouch for or who is not staff; else the staff member.
 */
export function staffOnly() {
  return createMiddleware<AdminEnv>(async function staffOnly(c, next) {
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex, nofollow');
    const locale = adminLocaleOf(c);
    c.set('adminLocale', locale);
    c.set('at', createAdminTranslator(locale));
    const member = await staffOf(c as unknown as Context<AppEnv>);
    if (member === 'off') {
      if (!offLogged) {
        offLogged = true;
        console.warn(
          '/admin answers 404: no way in is configured. Set ACCESS_TEAM_DOMAIN and ACCESS_AUD (Cloudflare Access in front of /admin) and ADMIN_OWNER; `npm run dev` signs in its local owner.',
        );
      }
      return notFound(c as unknown as Context<AppEnv>);
    }
    if (member === null) return renderAdminMessage(c, 403, 'errors.forbiddenTitle', 'errors.forbidden');
    c.set('staff', member);
    await next();
  });
}

/**
 * Form posts from this site only (hono/csrf: the Origin, or Sec-Fetch-Site, must be this origin's): a
 * post from another site changes nothing and says so in the staff member's language.
 */
export function sameOriginPosts() {
  const guard = csrf();
  return createMiddleware<AdminEnv>(async function sameOriginPosts(c, next) {
    let passed = false;
    try {
      await guard(c as unknown as Context<AppEnv>, async () => {
        passed = true;
      });
    } catch (error) {
      if (!passed && error instanceof HTTPException)
        return renderAdminMessage(c, 403, 'errors.forbiddenTitle', 'errors.crossSite');
      throw error;
    }
    await next();
  });
}

/** Writes: staff and the owner; a viewer gets a 403 that says their role only reads. */
export const writers = createMiddleware<AdminEnv>(async function writers(c, next) {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !mayWrite(c.var.staff))
    return renderAdminMessage(c, 403, 'errors.forbiddenTitle', 'errors.readOnly');
  await next();
});

/** The owner's pages (staff, the audit log): anyone else gets a 403. */
export const ownerOnly = createMiddleware<AdminEnv>(async function ownerOnly(c, next) {
  if (!mayManageStaff(c.var.staff)) return renderAdminMessage(c, 403, 'errors.forbiddenTitle', 'errors.ownerOnly');
  await next();
});

/** Whether this worker is its own commerce API (built-in): only then are orders, catalog and customers here. */
export function runsBuiltInApi(c: AdminContext): boolean {
  return c.var.config.graphqlEndpoint === null;
}

/** The built-in API's sections (orders, catalog, reviews, customers): in front of a remote API, a 404. */
export const builtInApiOnly = createMiddleware<AdminEnv>(async function builtInApiOnly(c, next) {
  if (!runsBuiltInApi(c)) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
  await next();
});
