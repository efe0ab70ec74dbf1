/**
 * What the plain HTML form endpoints share: the `redirect` field (a path on this site, '/' otherwise),
 * the language the answer is in (the page the form was on, not the API request's cookie), the id fields
 * as the browser sends them (strings), and the product a form names, loaded through the storefront's
 * GraphQL client so the check and the name come from the same API the page showed.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { LOCALE_ISO } from '../../../locales';
import type { AppEnv } from '../../app-env';
import { SameSitePath } from '../../urls/same-site';
import { localeOfPath } from '../../urls/request';
import { graphql } from '../../../core/graphql/tada';

/** A positive database id (GraphQL Int) as a form sends it: digits only. */
export const IdField = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,10}$/),
  v.transform(Number),
  v.integer(),
  v.minValue(1),
  v.maxValue(2_147_483_647),
);

/** The form's fields without the empty ones, so an empty optional field counts as not sent. */
export async function formFields(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== ''));
}

/** The page to answer with: the form's `redirect` when it is a path on this site, else the start page. */
export function redirectOf(fields: Record<string, unknown>): string {
  const parsed = v.safeParse(SameSitePath, fields.redirect);
  return parsed.success ? parsed.output : '/';
}

/** The API's languageId for the page at `path` (its route locale), so messages match that page. */
export function languageIdOfPath(c: Context<AppEnv>, path: string): string {
  const pathname = new URL(path, 'http://localhost').pathname;
  return LOCALE_ISO[localeOfPath(pathname, c.get('config').marketInPath)];
}

export interface FormProduct {
  productId: number;
  name: string | null;
  skus: ({ skuId: number } | null)[] | null;
}

/** The active product with this id in the request's market, or null. */
export async function findFormProduct(
  c: Context<AppEnv>,
  productId: number,
  languageId: string,
): Promise<FormProduct | null> {
  const data = await c.get('graphql').query(FORM_PRODUCT, { productId, languageId });
  return data.product;
}

const FORM_PRODUCT = graphql(/* GraphQL */ `
  query formProduct($productId: Int!, $channelId: String, $languageId: String, $marketId: String) {
    product(productId: $productId, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      productId
      name
      skus {
        skuId
      }
    }
  }
`);
