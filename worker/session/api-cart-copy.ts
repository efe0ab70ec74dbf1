/**
 * Lines copied into the shopper's open cart through the API (issue 26, one data path), for "buy again" on
 * my pages and a shared cart's link: the cart cookie's cart while the API keeps it open, else a new one of the API's (and its
 * cookie); each line goes in by addToCart's rules at today's prices, and a line the API refuses for the
 * shopper (no longer sold, out of stock) is named instead. The same with the built-in API and a remote one.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { CART_ID_PATTERN } from '../../core/cart/limits';
import { apiErrorOf, isStaleCart, shopperMessageOf } from '../../core/api-errors';
import { graphql } from '../../core/graphql/tada';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, preferenceCookie } from './cookies';

/** A new, empty cart of the API's (getCart without an id). */
export const NEW_CART = graphql(/* GraphQL */ `
  query storefrontNewCart($channelId: String, $languageId: String, $marketId: String) {
    getCart(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      id
    }
  }
`);

const ADD_LINE = graphql(/* GraphQL */ `
  mutation copyAddLine(
    $id: String!
    $item: CartItemInputType!
    $channelId: String
    $languageId: String
    $marketId: String
  ) {
    addToCart(id: $id, item: $item, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      id
    }
  }
`);

export interface CopiedLine {
  skuId: number;
  quantity: number;
  name: string;
}

/** Copies `lines` into the shopper's open cart in `marketId` (see above): what went in, and what did not. */
export async function copyIntoOpenCart(
  c: Context<AppEnv>,
  lines: readonly CopiedLine[],
  { marketId, languageId }: { marketId: string; languageId: string },
): Promise<{ added: CopiedLine[]; notAdded: CopiedLine[]; cartId: string | null }> {
  const graphqlClient = c.get('graphql');
  const cookie = getCookie(c, CART_COOKIE);
  let cartId = cookie && CART_ID_PATTERN.test(cookie) ? cookie : null;
  const newCart = async () => {
    const data = await graphqlClient.query(NEW_CART, { marketId, languageId });
    if (!data.getCart?.id) throw new Error('getCart returned no cart');
    return data.getCart.id;
  };
  const add = (id: string, line: CopiedLine) =>
    graphqlClient.mutate(ADD_LINE, {
      id,
      item: { skuId: line.skuId, quantity: line.quantity },
      marketId,
      languageId,
    });
  const added: CopiedLine[] = [];
  const notAdded: CopiedLine[] = [];
  for (const line of lines) {
    try {
      cartId ??= await newCart();
      try {
        await add(cartId, line);
      } catch (error) {
        // The cookie's cart was ordered or is gone: the API's new one.
        if (!isStaleCart(apiErrorOf(error)?.messageKey)) throw error;
        cartId = await newCart();
        await add(cartId, line);
      }
      added.push(line);
    } catch (error) {
      // The API's refusal worded for the shopper (no longer sold, stock, limits): that line stays out.
      if (!shopperMessageOf(error)) throw error;
      notAdded.push(line);
    }
  }
  if (cartId && cartId !== cookie) setCookie(c, CART_COOKIE, cartId, preferenceCookie(CART_COOKIE_MAX_AGE_S));
  return { added, notAdded, cartId };
}

/** A flash parameter holds at most 300 characters (./flash.ts). */
const NAMES_MAX_LENGTH = 300;

/** The lines a copy left out, by name, each once, cut to what a notice holds. */
export function notAddedNames(copy: { notAdded: readonly { name: string }[] }): string {
  const joined = [...new Set(copy.notAdded.map((line) => line.name))].join(', ');
  return joined.length > NAMES_MAX_LENGTH ? `${joined.slice(0, NAMES_MAX_LENGTH - 1)}…` : joined;
}
