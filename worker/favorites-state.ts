/**
 * The shopper's favorites, wherever they are kept (spec §9, issue 6 'Favorites'): a logged-in
 * customer's in D1 (worker/commerce/favorites.ts), a guest's in the `ralph-persisted-states` cookie as
 * JSON `{ "favorites": [productId, ...] }` (365 days, readable by page scripts). A malformed cookie counts
 * as no favorites and is replaced on the next toggle; other keys in it are kept.
 *
 * Not done yet (issue 6): a guest's cookie favorites are not merged into the account at login.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { AppEnv } from './app-env';
import { listFavoriteProductIds, MAX_FAVORITES, toggleFavorite } from './commerce/favorites';
import { PERSISTED_STATES_COOKIE, PERSISTED_STATES_COOKIE_MAX_AGE_S, preferenceCookie } from './cookies';

const ProductId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));

const PersistedStates = v.looseObject({
  favorites: v.optional(v.pipe(v.array(ProductId), v.maxLength(MAX_FAVORITES * 2)), []),
});

type PersistedStates = v.InferOutput<typeof PersistedStates>;

/** The persisted states a cookie value holds; a missing or malformed one is empty. */
export function parsePersistedStates(raw: string | undefined): PersistedStates {
  if (!raw) return { favorites: [] };
  try {
    const json: unknown = JSON.parse(raw);
    const parsed = v.safeParse(PersistedStates, json);
    if (parsed.success && !Array.isArray(json)) return { ...parsed.output, favorites: [...new Set(parsed.output.favorites)] };
  } catch {
    // Not JSON: treated as empty, replaced on the next write.
  }
  return { favorites: [] };
}

/** `favorites` with `productId` added (newest last, the oldest dropped beyond the cap) or removed. */
export function toggledFavorites(favorites: readonly number[], productId: number): { favorites: number[]; added: boolean } {
  if (favorites.includes(productId)) return { favorites: favorites.filter((id) => id !== productId), added: false };
  return { favorites: [...favorites, productId].slice(-MAX_FAVORITES), added: true };
}

/** Room for the cookie's value as sent (setCookie URL-encodes it) within a browser's 4 KB per cookie. */
const MAX_COOKIE_VALUE = 3_800;

const requestFavorites = new WeakMap<Request, Promise<Set<number>>>();

/**
 * The product ids the shopper has marked as favorites, for rendering `aria-pressed` on the toggles.
 * Read once per request (page modules may call it for every list on a page).
 */
export function favoriteProductIds(c: Context<AppEnv>): Promise<Set<number>> {
  let favorites = requestFavorites.get(c.req.raw);
  if (!favorites) {
    favorites = readFavorites(c).then((ids) => new Set(ids));
    requestFavorites.set(c.req.raw, favorites);
  }
  return favorites;
}

async function readFavorites(c: Context<AppEnv>): Promise<number[]> {
  const customer = c.var.customer;
  if (!customer) return parsePersistedStates(getCookie(c, PERSISTED_STATES_COOKIE)).favorites;
  try {
    return await listFavoriteProductIds(c.env.DB, customer.id);
  } catch (error) {
    // A page never fails because of its favorite toggles.
    console.error('favorites failed', error);
    return [];
  }
}

/** Toggles `productId` in the shopper's favorites (account or cookie); true when it was added. */
export async function toggleShopperFavorite(c: Context<AppEnv>, productId: number): Promise<boolean> {
  requestFavorites.delete(c.req.raw);
  const customer = c.var.customer;
  if (customer) return toggleFavorite(c.env.DB, { customerId: customer.id, productId, now: new Date() });
  const states = parsePersistedStates(getCookie(c, PERSISTED_STATES_COOKIE));
  const { favorites, added } = toggledFavorites(states.favorites, productId);
  let value = JSON.stringify({ ...states, favorites });
  // A browser drops a cookie over 4 KB: other states give way to the favorites.
  if (encodeURIComponent(value).length > MAX_COOKIE_VALUE) value = JSON.stringify({ favorites });
  setCookie(c, PERSISTED_STATES_COOKIE, value, preferenceCookie(PERSISTED_STATES_COOKIE_MAX_AGE_S));
  return added;
}
