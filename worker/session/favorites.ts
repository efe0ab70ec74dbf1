/**
 * The shopper's favorites, wherever they are kept (spec §9, issue 6 'Favorites'): a logged-in
 * customer's in D1 (worker/commerce/customers/favorites.ts), a guest's in the `ralph-persisted-states` cookie as
 * JSON `{ "favorites": [productId, ...] }` (365 days, readable by page scripts). A malformed cookie counts
 * as no favorites and is replaced on the next toggle; other keys in it are kept. At login (and
 * registration) a guest's cookie favorites move into the account and leave the cookie.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { customerFavorites, MAX_FAVORITES } from '../commerce/customers/favorites';
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
    if (parsed.success && !Array.isArray(json))
      return { ...parsed.output, favorites: [...new Set(parsed.output.favorites)] };
  } catch {
    // Not JSON: treated as empty, replaced on the next write.
  }
  return { favorites: [] };
}

/** `favorites` with `productId` added (newest last, the oldest dropped beyond the cap) or removed. */
export function toggledFavorites(
  favorites: readonly number[],
  productId: number,
): { favorites: number[]; added: boolean } {
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
  const customer = c.get('customer');
  if (!customer) return parsePersistedStates(getCookie(c, PERSISTED_STATES_COOKIE)).favorites;
  try {
    return await customerFavorites.list(c.env.DB, customer.id);
  } catch (error) {
    // A page never fails because of its favorite toggles.
    console.error('favorites failed', error);
    return [];
  }
}

/** What a toggle did: whether the product is now a favorite, and how many favorites there are now. */
export interface ToggledFavorite {
  added: boolean;
  count: number;
}

/** Toggles `productId` in the shopper's favorites (account or cookie). */
export async function toggleShopperFavorite(c: Context<AppEnv>, productId: number): Promise<ToggledFavorite> {
  requestFavorites.delete(c.req.raw);
  const customer = c.get('customer');
  if (customer) {
    const added = await customerFavorites.toggle(c.env.DB, { customerId: customer.id, productId, now: new Date() });
    return { added, count: (await customerFavorites.list(c.env.DB, customer.id)).length };
  }
  const states = parsePersistedStates(getCookie(c, PERSISTED_STATES_COOKIE));
  const { favorites, added } = toggledFavorites(states.favorites, productId);
  writePersistedStates(c, { ...states, favorites });
  return { added, count: favorites.length };
}

function writePersistedStates(c: Context<AppEnv>, states: PersistedStates): void {
  let value = JSON.stringify(states);
  // A browser drops a cookie over 4 KB: other states give way to the favorites.
  if (encodeURIComponent(value).length > MAX_COOKIE_VALUE) value = JSON.stringify({ favorites: states.favorites });
  setCookie(c, PERSISTED_STATES_COOKIE, value, preferenceCookie(PERSISTED_STATES_COOKIE_MAX_AGE_S));
}

/**
 * At login or registration: the guest's cookie favorites join the customer's in D1 (oldest first, after
 * theirs), then leave the cookie (the cookie goes when nothing else is in it). Never fails the login: a
 * failed merge is logged and the cookie is left as it was, to be merged at the next login.
 */
export async function mergeGuestFavorites(c: Context<AppEnv>, customerId: number): Promise<void> {
  const raw = getCookie(c, PERSISTED_STATES_COOKIE);
  const states = parsePersistedStates(raw);
  if (raw === undefined || states.favorites.length === 0) return;
  try {
    await customerFavorites.add(c.env.DB, { customerId, productIds: states.favorites, now: new Date() });
  } catch (error) {
    console.error('merging guest favorites failed', error);
    return;
  }
  requestFavorites.delete(c.req.raw);
  const { favorites: _merged, ...others } = states;
  if (Object.keys(others).length === 0) deleteCookie(c, PERSISTED_STATES_COOKIE, { path: '/' });
  else writePersistedStates(c, { ...others, favorites: [] });
}

/** After the customer's account was deleted at the API: the storefront forgets the favorites it kept for them. */
export async function forgetCustomerFavorites(c: Context<AppEnv>, customerId: number): Promise<void> {
  await customerFavorites.forget(c.env.DB, customerId);
}
