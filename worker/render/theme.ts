/**
 * The channel's theme as pages use it (spec §3; the keys and their checks: core/theme.ts). Stored in the
 * storefront's own D1 (migration 0036), read at most once per THEME_RECHECK_MS per isolate like the
 * catalog version: a change the owner makes is seen by this isolate at once (forgetTheme), by others
 * within that time. Pages put it in as a small `<style>` with the response's nonce, after the stylesheet
 * (no request more, nothing that blocks the first paint longer); the kept pages' key carries its
 * fingerprint (pageScope in worker/routes/page-cache-key.ts), so a new theme never serves an old page.
 */
import { createMiddleware } from 'hono/factory';
import { themeOf, type Theme } from '../../core/theme';
import type { AppEnv } from '../app-env';
import { NON_PAGE_PATH } from '../urls/request';

/** How long an isolate trusts the theme it read last (the catalog version's time). */
export const THEME_RECHECK_MS = 5_000;

let remembered: { channelId: string; theme: Theme; readAtMs: number } | undefined;

/** The channel's theme: the keys its owner set, checked (a table that cannot be read is the default theme). */
export async function channelTheme(db: D1Database, channelId: string, nowMs: number): Promise<Theme> {
  const age = remembered ? nowMs - remembered.readAtMs : Infinity;
  if (remembered?.channelId === channelId && age >= 0 && age < THEME_RECHECK_MS) return remembered.theme;
  const { results } = await db
    .prepare('SELECT key, value FROM storefront_theme WHERE channel_id = ? LIMIT 100')
    .bind(channelId)
    .all<{ key: string; value: string }>();
  const theme = themeOf(results.map((row) => [row.key, row.value] as const));
  remembered = { channelId, theme, readAtMs: nowMs };
  return theme;
}

/** Makes this isolate read the theme again on its next page (after the owner changed it). */
export function forgetTheme(): void {
  remembered = undefined;
}

/** Sets `c.var.theme` for pages (APIs draw none): the configured channel's theme. */
export function storefrontTheme() {
  return createMiddleware<AppEnv>(async function storefrontTheme(c, next) {
    if (!NON_PAGE_PATH.test(c.req.path))
      c.set('theme', await channelTheme(c.env.DB, c.get('config').channelId, Date.now()));
    await next();
  });
}
