/**
 * /admin/theme (spec §3, the owner's): the shop's theme, the storefront's own data (migration 0036), so it
 * is here in front of a remote API too. Every value is checked by core/theme.ts; one the theme does not
 * take is shown again with its problem and nothing is saved. A change is one batch with its audit row,
 * then this isolate reads the theme again at once (others within THEME_RECHECK_MS): pages, kept ones
 * too, show it from their next view (the theme's fingerprint is in the kept pages' key).
 */
import { Hono } from 'hono';
import { ThemePage } from '../../client/views/admin/ThemePage';
import {
  THEME_KEY_NAMES,
  THEME_KEYS,
  themeValue,
  themeWithDefaults,
  type Theme,
  type ThemeKey,
} from '../../core/theme';
import { channelTheme, forgetTheme } from '../render/theme';
import { doneTo, ownerOnly, type AdminContext, type AdminEnv } from './context';
import { renderAdmin } from './render';
import { auditStatement } from './staff';

function page(c: AdminContext, values: Record<ThemeKey, string>, problem: { key: ThemeKey; text: string } | null) {
  return renderAdmin(c, {
    title: c.var.at('theme.title'),
    status: problem ? 400 : 200,
    body: <ThemePage at={c.var.at} values={values} problem={problem} />,
  });
}

/** The form's theme, or the first key whose value it does not take. */
function themeFromForm(
  form: Record<string, unknown>,
): { ok: true; theme: Theme } | { ok: false; key: ThemeKey; sent: Record<ThemeKey, string> } {
  const theme: Theme = {};
  const sent = {} as Record<ThemeKey, string>;
  let refused: ThemeKey | null = null;
  for (const key of THEME_KEY_NAMES) {
    const raw = typeof form[key] === 'string' ? form[key] : '';
    sent[key] = raw.slice(0, 40);
    const value = themeValue(key, raw);
    if (value === null) refused ??= key;
    else if (value !== THEME_KEYS[key].default) theme[key] = value;
  }
  return refused ? { ok: false, key: refused, sent } : { ok: true, theme };
}

/** The statements that make `theme` the channel's, with the owner's audit row, in one batch. */
async function saveTheme(c: AdminContext, before: Theme, theme: Theme): Promise<void> {
  const db = c.env.DB;
  const channelId = c.var.config.channelId;
  const now = new Date();
  await db.batch([
    db.prepare('DELETE FROM storefront_theme WHERE channel_id = ?').bind(channelId),
    ...Object.entries(theme).map(([key, value]) =>
      db
        .prepare('INSERT INTO storefront_theme (channel_id, key, value, updated_at, updated_by) VALUES (?, ?, ?, ?, ?)')
        .bind(channelId, key, value, now.toISOString(), c.var.staff.email),
    ),
    auditStatement(db, c.var.staff, { action: 'theme.save', subject: `theme:${channelId}`, before, after: theme }, now),
  ]);
  forgetTheme();
}

const sameTheme = (a: Theme, b: Theme) => THEME_KEY_NAMES.every((key) => a[key] === b[key]);

export function themeRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.use('*', ownerOnly);
  const current = (c: AdminContext) => channelTheme(c.env.DB, c.var.config.channelId, Date.now());

  routes.get('/', async (c) => page(c, themeWithDefaults(await current(c)), null));

  routes.post('/', async function saveThemeForm(c) {
    const form = themeFromForm(await c.req.parseBody());
    if (!form.ok) {
      const rule = THEME_KEYS[form.key];
      const field = c.var.at(`theme.key.${form.key}`);
      const text =
        rule.kind === 'colour'
          ? c.var.at('theme.invalidColour', { field })
          : c.var.at('theme.invalidRadius', { field, max: 'max' in rule ? rule.max : 0 });
      return page(c, form.sent, { key: form.key, text });
    }
    forgetTheme();
    const before = await current(c);
    if (sameTheme(before, form.theme)) return doneTo(c, '/admin/theme', 'theme.unchanged');
    await saveTheme(c, before, form.theme);
    return doneTo(c, '/admin/theme', 'theme.saved');
  });

  routes.post('/reset', async function resetTheme(c) {
    forgetTheme();
    const before = await current(c);
    if (Object.keys(before).length === 0) return doneTo(c, '/admin/theme', 'theme.unchanged');
    await saveTheme(c, before, {});
    return doneTo(c, '/admin/theme', 'theme.resetDone');
  });

  return routes;
}
