/**
 * An order as the shopper's pages show it (the confirmation page, the account's order list): its lines,
 * addresses from the API's AddressType with the country's name in the page's language, and the parcel's
 * tracking link.
 */
import type { ConfirmedOrder, OrderAddress } from '../../client/views/pages/ConfirmPage';
import type { ShopCartProduct } from '../../core/graphql/cart';
import { graphql, type ResultOf } from '../../core/graphql/tada';
import * as v from 'valibot';

/** The address fields every order view reads (spec §3 Address). */
export const ORDER_ADDRESS = graphql(/* GraphQL */ `
  fragment OrderAddress on AddressType {
    firstName
    lastName
    company
    careOf
    addressLine1
    addressLine2
    zip
    city
    country
  }
`);

/** The API's AddressType as ORDER_ADDRESS reads it. */
export type ApiAddress = ResultOf<typeof ORDER_ADDRESS>;

/** An order line as the order queries read it (`...ShopCartProduct`, the line total formatted). */
interface ApiOrderLine {
  skuId: number;
  quantity: number;
  product: ShopCartProduct | null;
  totalPrice: { sellingPriceIncVatFormatted: string | null; sellingPriceExVatFormatted: string | null } | null;
}

/** The lines of an order as the order views show them; a line whose product is gone is left out. */
export function orderLinesOf(items: readonly (ApiOrderLine | null)[] | null | undefined): ConfirmedOrder['items'] {
  return (items ?? []).flatMap((item) => {
    if (!item?.product) return [];
    const skus = item.product.skus ?? [];
    return [
      {
        skuId: item.skuId,
        quantity: item.quantity,
        name: item.product.name ?? item.product.alias,
        alias: item.product.alias,
        // A size only where the product has several.
        size: skus.length > 1 ? (skus.find((sku) => sku?.skuId === item.skuId)?.name ?? null) : null,
        articleNumber: item.product.articleNumber,
        image: item.product.productImages?.[0]?.fileName ?? null,
        totalIncVat: item.totalPrice?.sellingPriceIncVatFormatted ?? '',
        totalExVat: item.totalPrice?.sellingPriceExVatFormatted ?? '',
      },
    ];
  });
}

export function countryName(country: string, languageId: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames([languageId], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

export function addressOf(address: ApiAddress | null, languageId: string): OrderAddress | null {
  if (!address) return null;
  return {
    name: `${address.firstName} ${address.lastName}`.trim(),
    company: address.company || null,
    careOf: address.careOf || null,
    lines: [address.addressLine1, address.addressLine2].filter(Boolean),
    zipCity: `${address.zip} ${address.city}`.trim(),
    country: address.country ? countryName(address.country, languageId) : null,
  };
}

const OrderMetaData = v.pipe(v.string(), v.parseJson(), v.object({ vatNumber: v.nullish(v.string()) }));

/**
 * The company's VAT number of an order (issue 14): CheckoutOrderType has no field for it, so it comes
 * back in `metaData` as it went in (CheckoutInputType.merchantData, `{ "vatNumber": … }`); null without one.
 */
export function vatNumberOf(metaData: string | null | undefined): string | null {
  const parsed = v.safeParse(OrderMetaData, metaData);
  return parsed.success ? parsed.output.vatNumber || null : null;
}

/**
 * The parcel's tracking link as the shopper's pages may link it: an https address only. The built-in API
 * takes no other (worker/admin/orders.tsx, the merchant API); a remote API's answer is not proof of anything.
 */
export function trackingLinkOf(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    return new URL(link).protocol === 'https:' ? link : null;
  } catch {
    return null;
  }
}
