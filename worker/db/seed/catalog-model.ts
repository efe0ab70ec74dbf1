// The shape of the catalog data: top-level categories hold leaf categories, a leaf holds product
// lines (brand + model + product type), and each line expands into products by its option values.
import { TYPES_A, type ProductType } from './product-types-a';
import { TYPES_B } from './product-types-b';
import { TYPES_C } from './product-types-c';
import type { AttrId, ColorKey, Tr } from './vocabulary';

export const PRODUCT_TYPES = { ...TYPES_A, ...TYPES_B, ...TYPES_C } satisfies Record<string, ProductType>;
export type TypeKey = keyof typeof PRODUCT_TYPES;

export interface Line {
  brand: string;
  model: string;
  type: TypeKey;
  /** Regular price in whole SEK, inc. VAT, of the line's first option combination. */
  price: number;
  /** Weight in grams of the first option combination. */
  weight: number;
  /** Values that vary between the line's products; they are part of the product name. */
  options: Partial<Record<AttrId, readonly string[]>>;
  /** Values every product of the line has; shown only in the specification. */
  fixed: Partial<Record<AttrId, string>>;
  /** Size variants: each product of the line gets one SKU per size. */
  sizes: readonly string[];
  /** Image colour for products without a colour attribute. */
  image?: ColorKey;
}

export interface Leaf {
  name: Tr;
  /** How the leaf reads inside a sentence ('cleaning supplies' for 'Cleaning'); default: the name lowercased. */
  phrase?: Tr;
  /** Relative share of the products beyond the minimum per leaf. */
  weight: number;
  lines: readonly Line[];
}

export interface Top {
  name: Tr;
  leaves: readonly Leaf[];
}

/**
 * One product line. Options and fixed values are written as space-separated words
 * (`{ color: 'blue black', 'pack-size': '1 12' }`); sizes are separated by '|'.
 */
export function line(
  brand: string,
  model: string,
  type: TypeKey,
  price: number,
  weight: number,
  options: Partial<Record<AttrId, string>>,
  fixed: Partial<Record<AttrId, string>> = {},
  extra: { sizes?: string; image?: ColorKey } = {},
): Line {
  const expanded: Partial<Record<AttrId, readonly string[]>> = {};
  for (const [attr, words] of Object.entries(options) as [AttrId, string][]) expanded[attr] = words.split(' ');
  return {
    brand,
    model,
    type,
    price,
    weight,
    options: expanded,
    fixed,
    sizes: extra.sizes ? extra.sizes.split('|') : [],
    ...(extra.image ? { image: extra.image } : {}),
  };
}

export function leaf(name: Tr, weight: number, lines: readonly Line[], phrase?: Tr): Leaf {
  return { name, weight, lines, ...(phrase ? { phrase } : {}) };
}
