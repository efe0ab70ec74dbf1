/**
 * A value a form endpoint hands the next page, once (the flash notice, the checkout's and the account
 * forms' errors): JSON in a short-lived httpOnly cookie, path /, SameSite Lax, checked with its valibot
 * schema when read. Reading it clears it, so a reload starts clean; a cookie that is not JSON or not
 * the schema's counts as none.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';

export function oneTimeCookie<S extends v.GenericSchema>(name: string, maxAge: number, schema: S) {
  /** The value a cookie text holds, or null when it is missing, not JSON or not the schema's. */
  const parse = (raw: string | undefined): v.InferOutput<S> | null => {
    if (!raw) return null;
    try {
      const parsed = v.safeParse(schema, JSON.parse(raw));
      return parsed.success ? parsed.output : null;
    } catch {
      return null;
    }
  };
  return {
    parse,
    /** Stores the value (`json`: its text, when the caller shortened it to fit a cookie). */
    set(c: Context<AppEnv>, value: v.InferInput<S>, json = JSON.stringify(value)): void {
      setCookie(c, name, json, { path: '/', httpOnly: true, sameSite: 'Lax', maxAge });
    },
    /** The value waiting for this page, cleared so it shows once; null when there is none. */
    take(c: Context<AppEnv>): v.InferOutput<S> | null {
      const raw = getCookie(c, name);
      if (raw === undefined) return null;
      deleteCookie(c, name, { path: '/' });
      return parse(raw);
    },
  };
}
