/**
 * `POST /api/favorites/toggle`: the favorite toggle of product pages and list cards, without JavaScript
 * (spec §4 'Favorites toggle add/remove'). Fields: `productId` and `redirect`. A guest's favorites live in
 * the `ralph-persisted-states` cookie, a logged-in customer's in D1 (worker/favorites-state.ts). Answers
 * 303 back to `redirect` with a one-time message; a bad product id changes nothing.
 */
import { Hono } from 'hono';
import { csrf } from 'hono/csrf';
import * as v from 'valibot';
import type { AppEnv } from '../app-env';
import { favoriteProductIds, toggleShopperFavorite } from '../favorites-state';
import { redirectWithFlash, type Flash, type FlashKey } from '../flash';
import { findFormProduct, formFields, IdField, languageIdOfPath, redirectOf } from './form-input';

const ToggleFavoriteForm = v.object({ productId: IdField });

function errorFlash(key: FlashKey): Flash {
  return { kind: 'error', key, params: {} };
}

export function favoriteFormRoutes() {
  const favoriteForms = new Hono<AppEnv>();

  favoriteForms.post('/toggle', csrf(), async function toggleFavoriteForm(c) {
    const fields = await formFields(c);
    const redirect = redirectOf(fields);
    const parsed = v.safeParse(ToggleFavoriteForm, fields);
    if (!parsed.success) return redirectWithFlash(c, redirect, errorFlash('forms.invalidProduct'));
    const { productId } = parsed.output;
    try {
      const [product, favorites] = await Promise.all([
        findFormProduct(c, productId, languageIdOfPath(c, redirect)),
        favoriteProductIds(c),
      ]);
      // A product no longer sold can still be removed from the list, but not added.
      if (!product && !favorites.has(productId)) return redirectWithFlash(c, redirect, errorFlash('forms.invalidProduct'));
      const added = await toggleShopperFavorite(c, productId);
      if (!product) return redirectWithFlash(c, redirect, { kind: 'success', key: 'forms.favorites.removedUnavailable', params: {} });
      return redirectWithFlash(c, redirect, {
        kind: 'success',
        key: added ? 'forms.favorites.added' : 'forms.favorites.removed',
        params: { name: product.name ?? '' },
      });
    } catch (error) {
      console.error('favorite toggle failed', error);
      return redirectWithFlash(c, redirect, errorFlash('forms.favorites.failed'));
    }
  });

  return favoriteForms;
}
