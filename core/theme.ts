/**
 * The shop's theme (spec §3 "Channel settings: entries with channelId and a theme map (keys become page
 * style variables)"; §10 "Theme colour #FDD600"). The reference storefront keeps `channelSettings` in its
 * configuration (ralph-storefront config/channel-settings.js, each key set on <html> as `--{key}`); here the
 * map is the storefront's own data, edited by the owner in the back office, so a theme changes the shop
 * without a deploy. Each key stands for one custom property the stylesheets already use
 * (client/styles/index.css); its default is the stylesheet's own value, so the default theme is the shop
 * as it has always looked and adds nothing to a page.
 *
 * Every value is checked here, on the way in and again on the way out: a colour is `#rrggbb` (or `#rgb`),
 * a radius a whole number of pixels in a small range. Nothing else can reach the page's `<style>`, so a
 * value can never carry CSS of its own (`;`, `}`, `url(`, `</style>` have no way through).
 */

export type ThemeValueKind = 'colour' | 'radius';

interface ThemeKeyRule {
  /** The custom property of client/styles/index.css the key sets. */
  variable: `--${string}`;
  /** The stylesheet's own value: the theme a shop has until its owner changes it. */
  default: string;
  kind: ThemeValueKind;
  /** Radii only: the largest, in pixels. */
  max?: number;
}

/** The theme's keys, in the back office's order (kebab-case, as the reference's `accent-color`). */
export const THEME_KEYS = {
  'accent-color': { variable: '--color-brand', default: '#fdd600', kind: 'colour' },
  'accent-color-strong': { variable: '--color-brand-strong', default: '#e6c200', kind: 'colour' },
  'text-color': { variable: '--color-ink', default: '#16181d', kind: 'colour' },
  'text-color-soft': { variable: '--color-ink-soft', default: '#4a4f5a', kind: 'colour' },
  'background-color': { variable: '--color-canvas', default: '#f6f6f3', kind: 'colour' },
  'surface-color': { variable: '--color-surface', default: '#ffffff', kind: 'colour' },
  'line-color': { variable: '--color-line', default: '#e3e5ea', kind: 'colour' },
  'sale-color': { variable: '--color-sale', default: '#b3122b', kind: 'colour' },
  'success-color': { variable: '--color-success', default: '#146c2e', kind: 'colour' },
  'focus-color': { variable: '--color-focus', default: '#1652f0', kind: 'colour' },
  radius: { variable: '--radius', default: '10px', kind: 'radius', max: 24 },
  'radius-small': { variable: '--radius-small', default: '6px', kind: 'radius', max: 16 },
} as const satisfies Record<string, ThemeKeyRule>;

export type ThemeKey = keyof typeof THEME_KEYS;
export const THEME_KEY_NAMES = Object.keys(THEME_KEYS) as ThemeKey[];

/** A theme: the keys the owner set to something other than the stylesheet's value. */
export type Theme = Partial<Record<ThemeKey, string>>;

export function isThemeKey(key: unknown): key is ThemeKey {
  return typeof key === 'string' && Object.hasOwn(THEME_KEYS, key);
}

const HEX_COLOUR = /^#(?:[0-9a-f]{6}|[0-9a-f]{3})$/i;
const PIXELS = /^(\d{1,2})(?:px)?$/;

/**
 * `raw` as the theme keeps it for `key` (`#rrggbb` in lower case, `10px`), or null when it is not a value
 * the key takes: the only way into a theme.
 */
export function themeValue(key: ThemeKey, raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim().toLowerCase();
  const rule: ThemeKeyRule = THEME_KEYS[key];
  if (rule.kind === 'colour') {
    if (!HEX_COLOUR.test(value)) return null;
    return value.length === 4 ? `#${[...value.slice(1)].map((digit) => digit + digit).join('')}` : value;
  }
  const pixels = PIXELS.exec(value);
  if (!pixels) return null;
  const amount = Number(pixels[1]);
  return amount <= (rule.max ?? 0) ? `${amount}px` : null;
}

/** The theme of stored entries: unknown keys, bad values and the stylesheet's own values are left out. */
export function themeOf(entries: Iterable<readonly [key: string, value: string]>): Theme {
  const theme: Theme = {};
  for (const [key, raw] of entries) {
    if (!isThemeKey(key)) continue;
    const value = themeValue(key, raw);
    if (value !== null && value !== THEME_KEYS[key].default) theme[key] = value;
  }
  return theme;
}

/** Every key's value in `theme`, the stylesheet's where it sets none. */
export function themeWithDefaults(theme: Theme): Record<ThemeKey, string> {
  return Object.fromEntries(THEME_KEY_NAMES.map((key) => [key, theme[key] ?? THEME_KEYS[key].default])) as Record<
    ThemeKey,
    string
  >;
}

/**
 * The page's style rule for `theme` (`:root{--color-brand:#0a7d3c}`), or '' for the default theme: a
 * shop its owner never themed sends not a byte more. Values pass `themeValue` once more here.
 */
export function themeStyle(theme: Theme): string {
  const declarations = THEME_KEY_NAMES.flatMap((key) => {
    const value = theme[key] === undefined ? null : themeValue(key, theme[key]);
    return value === null || value === THEME_KEYS[key].default ? [] : [`${THEME_KEYS[key].variable}:${value}`];
  });
  return declarations.length > 0 ? `:root{${declarations.join(';')}}` : '';
}

/** The colour browsers paint their own bars in (`<meta name="theme-color">`): the accent. */
export function themeColour(theme: Theme): string {
  return theme['accent-color'] ?? THEME_KEYS['accent-color'].default;
}

/** A short fingerprint of `theme` for cache keys: another theme, another key ('' for the default). */
export function themeFingerprint(theme: Theme): string {
  // Asked several times by every page view (the page cache's scope and key) of the same kept theme object.
  const known = FINGERPRINTS.get(theme);
  if (known !== undefined) return known;
  const style = themeStyle(theme);
  let fingerprint = '';
  if (style) {
    // FNV-1a over the rule: short, and the rule says everything the theme changes on a page.
    let hash = 0x811c9dc5;
    for (const char of style) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    fingerprint = hash.toString(36);
  }
  FINGERPRINTS.set(theme, fingerprint);
  return fingerprint;
}

const FINGERPRINTS = new WeakMap<Theme, string>();
