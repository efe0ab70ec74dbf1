/**
 * Routing and link building over the one route table (./route-table.ts, spec §2). A route's name is
 * `{screen}___{locale}` (`checkout___en`); `matchRoute` finds the route of a path, `pathFor` builds the
 * path of a screen in a locale. Both work on paths without the market prefix: the market middleware
 * strips and adds it (worker/middleware/market.ts).
 */
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from './index';
import { ROUTE_ALIASES, ROUTE_TABLE, type LocalizedPaths } from './route-table';

export { ROUTE_TABLE, ROUTE_ALIASES };

/** A screen of the table, e.g. 'checkout'. */
export type Screen = keyof typeof ROUTE_TABLE;
/** A route's name: screen and locale joined by three underscores (spec §2). */
export type RouteName = `${Screen}___${Locale}`;

export const ROUTE_NAME_SEPARATOR = '___';

type PatternOf<S extends Screen> = (typeof ROUTE_TABLE)[S] extends infer Entry
  ? Entry extends string
    ? Entry
    : Entry extends { sv: infer Path extends string }
      ? Path
      : never
  : never;
type ParamEntry<N extends string> = N extends `${infer K}?`
  ? { [key in K]?: string }
  : N extends `${infer K}+`
    ? { [key in K]: string }
    : { [key in N]: string };
type ParamsOfPattern<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? ParamEntry<Name> & ParamsOfPattern<Rest>
  : unknown;
type Flatten<T> = { [K in keyof T]: T[K] };
/** The parameters a screen's path takes, e.g. `{ alias: string }` for 'product'. */
export type RouteParams<S extends Screen> = Flatten<ParamsOfPattern<PatternOf<S>>>;

export interface RouteMatch {
  name: RouteName;
  screen: Screen;
  locale: Locale;
  /** Decoded parameters; a `{name+}` parameter keeps its inner slashes. */
  params: Record<string, string>;
  /** Set when the path is an old spelling of the route's path (e.g. /da/nyheder): redirect there. */
  redirectTo?: string;
}

type Segment = { kind: 'static'; value: string } | { kind: 'param' | 'optional' | 'rest'; name: string };

interface CompiledRoute {
  screen: Screen;
  locale: Locale;
  /** Locale prefix segments the table's path starts with ([] for Swedish and for /nyheder). */
  prefix: string[];
  segments: Segment[];
}

/** The path prefix of a locale: '' for Swedish, '/da' etc. (spec §2). */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

function splitPath(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function parseSegment(text: string): Segment {
  const param = /^\{(\w+)([?+]?)\}$/.exec(text);
  if (!param) return { kind: 'static', value: text };
  const kind = param[2] === '?' ? 'optional' : param[2] === '+' ? 'rest' : 'param';
  return { kind, name: param[1]! };
}

/** The table's path of a screen in a locale, with its prefix. */
function tablePath(screen: Screen, locale: Locale): string {
  const entry: string | LocalizedPaths = ROUTE_TABLE[screen];
  if (typeof entry !== 'string') return entry[locale];
  return entry === '/' ? localePrefix(locale) || '/' : `${localePrefix(locale)}${entry}`;
}

/** Compiled routes by locale and screen: looked up without building a key (a list page builds ~100 links). */
const COMPILE_CACHE = new Map<Locale, Map<Screen, CompiledRoute>>();

/** The compiled route of a screen in a locale (the table never changes: compiled once). */
function compile(screen: Screen, locale: Locale): CompiledRoute {
  let routes = COMPILE_CACHE.get(locale);
  if (!routes) {
    routes = new Map();
    COMPILE_CACHE.set(locale, routes);
  }
  let route = routes.get(screen);
  if (!route) {
    route = compileRoute(screen, locale);
    routes.set(screen, route);
  }
  return route;
}

function compileRoute(screen: Screen, locale: Locale): CompiledRoute {
  const parts = splitPath(tablePath(screen, locale));
  const prefix = locale !== DEFAULT_LOCALE && parts[0] === locale ? [locale] : [];
  return { screen, locale, prefix, segments: parts.slice(prefix.length).map(parseSegment) };
}

/** Static paths first, then paths with a static first segment, then the catch-all; table order within. */
function tier(route: CompiledRoute): number {
  if (route.segments.every((segment) => segment.kind === 'static')) return 0;
  return route.segments[0]?.kind === 'static' ? 1 : 2;
}

const COMPILED: readonly CompiledRoute[] = (Object.keys(ROUTE_TABLE) as Screen[])
  .flatMap((screen) => LOCALES.map((locale) => compile(screen, locale)))
  .map((route, order) => ({ route, order }))
  .sort((a, b) => tier(a.route) - tier(b.route) || a.order - b.order)
  .map(({ route }) => route);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The parameters when `parts` fit `segments`, else null. */
function matchSegments(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i];
    if (segment.kind === 'rest') {
      if (part === undefined) return null;
      params[segment.name] = parts.slice(i).map(decodeSegment).join('/');
      return params;
    }
    if (part === undefined) return segment.kind === 'optional' && i === segments.length - 1 ? params : null;
    if (segment.kind === 'static' && decodeSegment(part) !== segment.value) return null;
    if (segment.kind !== 'static') params[segment.name] = decodeSegment(part);
  }
  return parts.length === segments.length ? params : null;
}

function toMatch(route: CompiledRoute, params: Record<string, string>): RouteMatch {
  return {
    name: `${route.screen}${ROUTE_NAME_SEPARATOR}${route.locale}`,
    screen: route.screen,
    locale: route.locale,
    params,
  };
}

/** The route of a path (without market prefix, query or hash), or null when no route has it. */
export function matchRoute(path: string): RouteMatch | null {
  const parts = splitPath(path);
  const alias = ROUTE_ALIASES[`/${parts.join('/')}`];
  if (alias)
    return { ...toMatch(compile(alias.screen, alias.locale), {}), redirectTo: pathFor(alias.screen, alias.locale) };
  for (const route of COMPILED) {
    if (!route.prefix.every((segment, i) => parts[i] === segment)) continue;
    const params = matchSegments(route.segments, parts.slice(route.prefix.length));
    if (params) return toMatch(route, params);
  }
  return null;
}

/**
 * The route of `path` among the routes of `locale`, with the locale prefix already removed (the
 * `/{market}/{locale}/...` form, where the locale is always a segment of its own).
 */
export function matchRouteIn(locale: Locale, path: string): RouteMatch | null {
  const parts = splitPath(path);
  for (const route of COMPILED) {
    if (route.locale !== locale) continue;
    const params = matchSegments(route.segments, parts);
    if (params) return toMatch(route, params);
  }
  return null;
}

/** The route's path without its locale prefix, its parameters filled in and encoded. */
function buildPath(route: CompiledRoute, params: Record<string, string | undefined>): string {
  let path = '';
  for (const segment of route.segments) {
    if (segment.kind === 'static') {
      path += `/${segment.value}`;
      continue;
    }
    const value = params[segment.name];
    if (value === undefined || value === '') {
      if (segment.kind === 'optional') continue;
      throw new Error(`${route.screen}${ROUTE_NAME_SEPARATOR}${route.locale} needs the parameter ${segment.name}`);
    }
    if (segment.kind === 'rest') {
      for (const part of splitPath(value)) path += `/${encodeURIComponent(part)}`;
    } else {
      path += `/${encodeURIComponent(value)}`;
    }
  }
  return path || '/';
}

/** The optional or required parameters argument of a screen's link builder. */
export type ParamsArgument<S extends Screen> =
  Record<never, never> extends RouteParams<S> ? [params?: RouteParams<S>] : [params: RouteParams<S>];

/** The path of `screen` in `locale` with its locale prefix, e.g. pathFor('checkout', 'en') = '/en/checkout'. */
export function pathFor<S extends Screen>(screen: S, locale: Locale, ...args: ParamsArgument<S>): string {
  const route = compile(screen, locale);
  const rest = buildPath(route, (args[0] ?? {}) as Record<string, string>);
  if (route.prefix.length === 0) return rest;
  return rest === '/' ? `/${locale}` : `/${locale}${rest}`;
}

/** The path of `screen` in `locale` without any locale prefix, for the `/{market}/{locale}/...` form. */
export function pathInLocale<S extends Screen>(screen: S, locale: Locale, ...args: ParamsArgument<S>): string {
  return buildPath(compile(screen, locale), (args[0] ?? {}) as Record<string, string>);
}

/** The screen and locale of a route name, or null when it is not one ('checkout___en'). */
export function parseRouteName(name: string): { screen: Screen; locale: Locale } | null {
  const [screen, locale, extra] = name.split(ROUTE_NAME_SEPARATOR);
  if (extra !== undefined || !isLocale(locale) || !screen || !(screen in ROUTE_TABLE)) return null;
  return { screen: screen as Screen, locale };
}

/**
 * The screens of the checkout (spec §2: "routes whose name contains 'checkout'"): the checkout, its
 * confirmation and its failed-payment page. They use the checkout market (`ralph-checkout-market`) and
 * read the cart with `allowExternalShippingFee: true`.
 */
export const CHECKOUT_SCREENS: ReadonlySet<Screen> = new Set<Screen>([
  'checkout',
  'checkout-confirm',
  'checkout-klarna-fail',
]);

/** Whether a matched route is one of the checkout's screens; false for APIs and unknown paths. */
export function isCheckoutRoute(route: Pick<RouteMatch, 'screen'> | null | undefined): boolean {
  return route ? CHECKOUT_SCREENS.has(route.screen) : false;
}
