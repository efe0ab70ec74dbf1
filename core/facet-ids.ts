/**
 * Facet ids of product lists (spec §9): the one place their forms are written. The API's filters take
 * and report them (worker/commerce/catalog/filter.ts documents what each selects); the browser's URL
 * selection turns them into `?brands=…` ids and back (core/list-selection.ts).
 *
 * | group       | facet id                    |
 * |-------------|-----------------------------|
 * | category    | c_<categoryId>              |
 * | brand       | b_<brandId>                 |
 * | size        | sk_<size>                   |
 * | campaign    | dc_<campaignId>             |
 * | discount    | d_<from>-<to>               |
 * | price       | pr_<from>-<to>, pr_<from>-  |
 * | parameter   | p_<parameterId>_<valueKey>  |
 */

/** Each group's prefix: a facet id is its prefix and the value's key. */
export const FACET_PREFIX = {
  category: 'c_',
  brand: 'b_',
  size: 'sk_',
  campaign: 'dc_',
  discount: 'd_',
  price: 'pr_',
  parameter: 'p_',
} as const;

export const categoryFacetId = (categoryId: number | string) => `${FACET_PREFIX.category}${categoryId}`;
export const brandFacetId = (brandId: number | string) => `${FACET_PREFIX.brand}${brandId}`;
export const sizeFacetId = (size: string) => `${FACET_PREFIX.size}${size}`;
export const campaignFacetId = (campaignId: number | string) => `${FACET_PREFIX.campaign}${campaignId}`;
export const discountFacetId = (from: number, to: number) => `${FACET_PREFIX.discount}${from}-${to}`;
/** A price band in whole currency units including VAT, `to` excluded; the top band is open (`pr_1000-`). */
export const priceFacetId = (from: number, to: number | null) => `${FACET_PREFIX.price}${from}-${to ?? ''}`;
/** The group of one parameter's values ('p_3'): values of one group are alternatives. */
export const parameterGroupId = (parameterId: number) => `${FACET_PREFIX.parameter}${parameterId}` as const;
export const parameterFacetId = (parameterId: number, valueKey: string) =>
  `${parameterGroupId(parameterId)}_${valueKey}`;
