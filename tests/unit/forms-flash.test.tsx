import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { createTranslator } from '../../locales';
import { FlashNotice } from '../../client/views/components/FlashNotice';
import { ShopContext, type ShopContextValue } from '../../client/views/components/ShopContext';
import { parseFlash } from '../../worker/session/flash';
import { parsePersistedStates, toggledFavorites } from '../../worker/session/favorites';
import { MAX_FAVORITES } from '../../worker/commerce/customers/favorites';

const json = (value: unknown) => JSON.stringify(value);

describe('the flash cookie parser', () => {
  test('a flash the endpoints wrote reads back as it was', () => {
    const flash = {
      kind: 'success',
      key: 'forms.cart.added',
      params: { name: 'Kulspetspenna', quantity: 2, price: '39,00 kr' },
    };
    expect(parseFlash(json(flash))).toEqual(flash);
    expect(parseFlash(json({ kind: 'error', key: 'forms.cart.sizeRequired' }))).toEqual({
      kind: 'error',
      key: 'forms.cart.sizeRequired',
      params: {},
    });
  });

  test('a missing, empty or non-JSON cookie is no flash', () => {
    expect(parseFlash(undefined)).toBeNull();
    expect(parseFlash('')).toBeNull();
    expect(parseFlash('{"kind":')).toBeNull();
    expect(parseFlash('null')).toBeNull();
    expect(parseFlash('[]')).toBeNull();
  });

  test('only the forms messages, the two kinds and short plain parameters are accepted', () => {
    expect(parseFlash(json({ kind: 'error', key: 'errors.title', params: {} }))).toBeNull();
    expect(parseFlash(json({ kind: 'error', key: 'forms.cart', params: {} }))).toBeNull();
    expect(parseFlash(json({ kind: 'warning', key: 'forms.cart.failed', params: {} }))).toBeNull();
    expect(parseFlash(json({ kind: 'error', key: 'forms.cart.failed', params: { name: { html: '<b>' } } }))).toBeNull();
    expect(parseFlash(json({ kind: 'error', key: 'forms.cart.failed', params: { name: 'x'.repeat(301) } }))).toBeNull();
    expect(parseFlash(json({ kind: 'error', key: 'forms.cart.failed', params: { 'bad key': 'x' } }))).toBeNull();
    const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`p${String.fromCharCode(97 + i)}`, i]));
    expect(parseFlash(json({ kind: 'error', key: 'forms.cart.failed', params: many }))).toBeNull();
  });

  test('parameters are shown as text, never as HTML', () => {
    const flash = parseFlash(
      json({ kind: 'error', key: 'forms.cart.apiMessage', params: { message: '<img src=x onerror=alert(1)>' } }),
    );
    const shop = {
      t: createTranslator('sv'),
      href: (screen: string) => `/${screen}`,
    } as unknown as ShopContextValue;
    const html = renderToString(
      <ShopContext value={shop}>
        <FlashNotice flash={flash!} />
      </ShopContext>,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });
});

describe("a guest's favorites cookie", () => {
  test('reads the favorites array and keeps other saved states', () => {
    expect(parsePersistedStates(json({ favorites: [3, 1, 3], cart: 'x' }))).toEqual({ favorites: [3, 1], cart: 'x' });
  });

  test('a missing or malformed cookie holds no favorites', () => {
    expect(parsePersistedStates(undefined)).toEqual({ favorites: [] });
    expect(parsePersistedStates('not json')).toEqual({ favorites: [] });
    expect(parsePersistedStates(json({ favorites: ['1'] }))).toEqual({ favorites: [] });
    expect(parsePersistedStates(json({ favorites: [0] }))).toEqual({ favorites: [] });
    expect(parsePersistedStates(json([1, 2]))).toEqual({ favorites: [] });
    expect(parsePersistedStates(json({}))).toEqual({ favorites: [] });
  });

  test('a toggle adds a product last or removes it', () => {
    expect(toggledFavorites([1, 2], 3)).toEqual({ favorites: [1, 2, 3], added: true });
    expect(toggledFavorites([1, 2, 3], 2)).toEqual({ favorites: [1, 3], added: false });
  });

  test('the list is capped: adding beyond the cap drops the oldest', () => {
    const full = Array.from({ length: MAX_FAVORITES }, (_, i) => i + 1);
    const { favorites, added } = toggledFavorites(full, 10_000);
    expect(added).toBe(true);
    expect(favorites).toHaveLength(MAX_FAVORITES);
    expect(favorites[0]).toBe(2);
    expect(favorites.at(-1)).toBe(10_000);
  });
});
