/**
 * `POST /api/favorites/toggle`: the favorite toggle of product pages and list cards (spec §4 'Favorites
 * toggle add/remove'). Fields: `productId` and `redirect`. A guest's favorites live in the
 * `ralph-persisted-states` cookie, a logged-in customer's in D1 (worker/session/favorites.ts).
 *
 * Without JavaScript it answers 303 back to `redirect` with a one-time message. The page script
 * (client/browser/favorite-toggle.ts) sends the same form with `Accept: application/json` and gets
 * `{ productId, favorite, count, message }` instead (or `{ error: { message } }` with a 4xx/5xx status),
 * so the page does not reload. A bad product id changes nothing.
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import * as v from 'valibot';
import { createTranslator } from '../../../locales';
import type { AppEnv } from '../../app-env';
import { favoriteProductIds, toggleShopperFavorite } from '../../session/favorites';
import { redirectWithFlash, type Flash, type FlashKey } from '../../session/flash';
import { findFormProduct, formFields, IdField, languageIdOfPath, redirectOf } from './input';
import { localeOfPath } from '../../urls/request';
import { type FavoriteToggleAnswer, FORM_ACTIONS } from '../../../core/form-actions';

const ToggleFavoriteForm = v.object({ productId: IdField });

function wantsJson(c: Context<AppEnv>): boolean {
  return (c.req.header('Accept') ?? '').includes('application/json');
}

/** Answers with `flash`: as JSON to the page script, else as a 303 back with a one-time message. */
function answer(
  c: Context<AppEnv>,
  redirect: string,
  flash: Flash,
  result?: { productId: number; favorite: boolean; count: number },
) {
  if (!wantsJson(c)) return redirectWithFlash(c, redirect, flash);
  const t = createTranslator(
    localeOfPath(new URL(redirect, 'http://localhost').pathname, c.get('config').marketInPath),
  );
  const message = t(flash.key, flash.params);
  c.header('Cache-Control', 'no-store');
  if (!result) return c.json({ error: { message } }, flash.key === 'forms.favorites.failed' ? 500 : 400);
  return c.json({ ...result, message } satisfies FavoriteToggleAnswer);
}

function errorFlash(key: FlashKey): Flash {
  return { kind: 'error', key, params: {} };
}

export function favoriteFormRoutes() {
  const favoriteForms = new Hono<AppEnv>();

  favoriteForms.post(FORM_ACTIONS.favoriteToggle, csrf(), async function toggleFavoriteForm(c) {
    const fields = await formFields(c);
    const redirect = redirectOf(fields);
    const parsed = v.safeParse(ToggleFavoriteForm, fields);
    if (!parsed.success) return answer(c, redirect, errorFlash('forms.invalidProduct'));
    const { productId } = parsed.output;
    try {
      const [product, favorites] = await Promise.all([
        findFormProduct(c, productId, languageIdOfPath(c, redirect)),
        favoriteProductIds(c),
      ]);
      // A product no longer sold can still be removed from the list, but not added.
      if (!product && !favorites.has(productId)) return answer(c, redirect, errorFlash('forms.invalidProduct'));
      const { added, count } = await toggleShopperFavorite(c, productId);
      const result = { productId, favorite: added, count };
      if (!product)
        return answer(c, redirect, { kind: 'success', key: 'forms.favorites.removedUnavailable', params: {} }, result);
      const key = added ? 'forms.favorites.added' : 'forms.favorites.removed';
      return answer(c, redirect, { kind: 'success', key, params: { name: product.name ?? '' } }, result);
    } catch (error) {
      console.error('favorite toggle failed', error);
      return answer(c, redirect, errorFlash('forms.favorites.failed'));
    }
  });

  return favoriteForms;
}
