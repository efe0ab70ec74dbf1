// Builds the catalog from the data files: category tree, brands, and products picked from the option
// combinations of each leaf's product lines, spread so every leaf gets its share.
import { BRANDS, type CountryCode } from './brands';
import { DESK, TECH } from './catalog-desk';
import { PRODUCT_TYPES, type Leaf, type Line, type Top } from './catalog-model';
import { BREAKROOM, ERGONOMICS, PRESENTATION, STORAGE } from './catalog-office';
import { FILING, PAPER } from './catalog-paper';
import { WRITING } from './catalog-writing';
import { productImageFile } from './images';
import type { ProductType } from './product-types-a';
import { INTRO_COUNT, type ProductAttr, type ProductTexts, productTexts } from './product-texts';
import { roundKronor } from './shop';
import { addDays, Rng, slugify } from './sql';
import { type AttrId, attrValue, type ColorKey, lowerFirst, magnitude, mapTr, type Tr } from './vocabulary';

export const TOPS: readonly Top[] = [WRITING, PAPER, FILING, DESK, TECH, PRESENTATION, STORAGE, BREAKROOM, ERGONOMICS];

/** Products per leaf before the rest is shared out by weight (brief: every leaf gets >= 15). */
const MIN_PER_LEAF = 15;

export interface Brand {
  id: number;
  alias: string;
  name: string;
  country: CountryCode;
}

export interface Category {
  id: number;
  parentId: number | null;
  sortOrder: number;
  name: Tr;
  /** The category inside a sentence: 'gelpennor', 'städ- och rengöringsprodukter'. */
  phrase: Tr;
  alias: Tr;
  image: string;
  leaf: Leaf | null;
  children: Category[];
}

export interface Product extends ProductTexts {
  id: number;
  articleNumber: string;
  brand: Brand;
  leaf: Category;
  top: Category;
  line: Line;
  type: ProductType;
  attrs: ProductAttr[];
  color: ColorKey | undefined;
  alias: Tr;
  firstAvailableOn: string;
  soldCount: number;
  weight: number;
  /** Regular price in whole SEK inc. VAT. */
  priceSek: number;
  images: string[];
  sizes: readonly string[];
}

export function buildBrands(): Brand[] {
  return BRANDS.map(([name, country], i) => ({ id: i + 1, alias: slugify(name), name, country }));
}

function lineImage(line: Line): string {
  const color = (line.options.color?.[0] ?? line.fixed.color ?? line.image) as ColorKey | undefined;
  return productImageFile(PRODUCT_TYPES[line.type].kind, color);
}

/** Top-level categories 1–9 with their leaves numbered from 10 on, in catalog order. */
export function buildCategories(): Category[] {
  let nextLeafId = TOPS.length + 1;
  return TOPS.map((top, t) => {
    const id = t + 1;
    const children = top.leaves.map((leaf, l): Category => ({
      id: nextLeafId++,
      parentId: id,
      sortOrder: l + 1,
      name: leaf.name,
      phrase: leaf.phrase ?? mapTr(leaf.name, lowerFirst),
      alias: mapTr(leaf.name, slugify),
      image: lineImage(leaf.lines[0] as Line),
      leaf,
      children: [],
    }));
    return {
      id,
      parentId: null,
      sortOrder: id,
      name: top.name,
      phrase: mapTr(top.name, lowerFirst),
      alias: mapTr(top.name, slugify),
      image: (children[0] as Category).image,
      leaf: null,
      children,
    };
  });
}

type Combo = readonly (readonly [AttrId, string])[];

/** Every combination of a line's option values, in the order the options are written. */
function combos(line: Line): Combo[] {
  let result: Combo[] = [[]];
  for (const [attr, values] of Object.entries(line.options) as [AttrId, readonly string[]][]) {
    result = result.flatMap((combo) => values.map((value) => [...combo, [attr, value] as const]));
  }
  return result;
}

/** Minimum per leaf first, the rest one by one to the leaf furthest below its weighted share. */
function allocate(total: number, leaves: readonly { weight: number; capacity: number }[]): number[] {
  const minimum = Math.min(MIN_PER_LEAF, Math.floor(total / leaves.length));
  const counts = leaves.map((l) => Math.min(minimum, l.capacity));
  let remaining = total - counts.reduce((a, b) => a + b, 0);
  while (remaining > 0) {
    let best = -1;
    for (let i = 0; i < leaves.length; i++) {
      const leaf = leaves[i] as { weight: number; capacity: number };
      if ((counts[i] as number) >= leaf.capacity) continue;
      if (
        best < 0 ||
        (counts[i] as number) / leaf.weight < (counts[best] as number) / (leaves[best] as { weight: number }).weight
      )
        best = i;
    }
    if (best < 0) break;
    counts[best] = (counts[best] as number) + 1;
    remaining--;
  }
  return counts;
}

/** Round-robin over the leaf's lines (each line's combinations shuffled) so every line is represented. */
function pickCombos(leaf: Leaf, count: number, rng: Rng): { line: Line; combo: Combo }[] {
  const queues = rng.shuffle(leaf.lines).map((line) => ({ line, combos: rng.shuffle(combos(line)) }));
  const picked: { line: Line; combo: Combo }[] = [];
  while (picked.length < count && queues.some((q) => q.combos.length > 0)) {
    for (const queue of queues) {
      const combo = queue.combos.shift();
      if (combo && picked.length < count) picked.push({ line: queue.line, combo });
    }
  }
  return picked;
}

const PRICE_EXPONENT: Partial<Record<AttrId, number>> = {
  'pack-size': 0.85,
  sheets: 0.85,
  contents: 0.85,
  volume: 0.6,
  dimensions: 0.7,
  length: 0.5,
  capacity: 0.4,
  format: 0.5,
};
const FORMAT_AREA: Record<string, number> = { A6: 0.25, A5: 0.5, A4: 1, A3: 2, C6: 0.25, C5: 0.5, C4: 1, E65: 0.35 };

/** Price and weight factors of a combination relative to the line's first option values. */
function scale(line: Line, combo: Combo): { price: number; weight: number } {
  let price = 1;
  let weight = 1;
  for (const [attr, raw] of combo) {
    const first = line.options[attr]?.[0] as string;
    const size = attr === 'format' ? FORMAT_AREA[raw] : magnitude(attr, raw);
    const base = attr === 'format' ? FORMAT_AREA[first] : magnitude(attr, first);
    const exponent = PRICE_EXPONENT[attr];
    if (!size || !base || exponent === undefined) continue;
    price *= (size / base) ** exponent;
    weight *= size / base;
  }
  return { price, weight };
}

function articleNumber(id: number): string {
  // 7919 is prime and coprime to 900 000, so ids map to distinct six-digit numbers that look unordered.
  return `KG-${100000 + ((id * 7919) % 900000)}`;
}

/** Products spread over the leaves; ids follow a shuffled order so categories interleave. */
export function buildProducts(
  total: number,
  categories: readonly Category[],
  brands: ReadonlyMap<string, Brand>,
  seedDate: string,
): Product[] {
  const leaves = categories.flatMap((top) => top.children.map((leaf) => ({ top, leaf })));
  const capacities = leaves.map(({ leaf }) =>
    (leaf.leaf as Leaf).lines.reduce((sum, line) => sum + combos(line).length, 0),
  );
  const counts = allocate(
    total,
    leaves.map(({ leaf }, i) => ({ weight: (leaf.leaf as Leaf).weight, capacity: capacities[i] as number })),
  );
  const picks = leaves.flatMap(({ top, leaf }, i) =>
    pickCombos(leaf.leaf as Leaf, counts[i] as number, new Rng(`combos:${leaf.id}`)).map((pick) => ({
      top,
      leaf,
      ...pick,
    })),
  );
  return new Rng('product-order').shuffle(picks).map(({ top, leaf, line, combo }, index) => {
    const id = index + 1;
    const rng = new Rng(`product:${id}`);
    const brand = brands.get(line.brand);
    if (!brand) throw new Error(`Unknown brand alias in catalog: ${line.brand}`);
    const type = PRODUCT_TYPES[line.type];
    const attrs: ProductAttr[] = [
      ...combo.map(([attr, raw]) => ({ attr, raw, value: attrValue(attr, raw), inName: true })),
      ...(Object.entries(line.fixed) as [AttrId, string][]).map(([attr, raw]) => ({
        attr,
        raw,
        value: attrValue(attr, raw),
        inName: false,
      })),
    ];
    const color = attrs.find((a) => a.attr === 'color')?.raw as ColorKey | undefined;
    const texts = productTexts(brand.name, line.model, type, attrs, rng.int(0, INTRO_COUNT - 1));
    const factor = scale(line, combo);
    const isFirstCombo = combo.every(([attr, raw]) => line.options[attr]?.[0] === raw);
    const variation = isFirstCombo ? 1 : 0.94 + rng.next() * 0.12;
    const daysAgo = rng.chance(0.07) ? rng.int(1, 29) : rng.int(30, 400);
    const popularity = leaf.parentId === 1 || leaf.parentId === 2 ? 1.6 : 1;
    const sold = Math.floor(3500 * popularity * rng.next() ** 7) + rng.int(0, 12);
    const imageColor = color ?? line.image;
    const imageCount = rng.weighted([4, 4, 3]) + 1;
    return {
      id,
      articleNumber: articleNumber(id),
      brand,
      leaf,
      top,
      line,
      type,
      attrs,
      color,
      ...texts,
      alias: mapTr(texts.name, (name) => `${slugify(name)}-${id}`),
      firstAvailableOn: addDays(seedDate, -daysAgo),
      soldCount: daysAgo < 30 ? Math.floor((sold * daysAgo) / 30) : sold,
      weight: Math.max(1, Math.round(line.weight * factor.weight)),
      priceSek: roundKronor(line.price * factor.price * variation),
      images: Array.from({ length: imageCount }, (_, view) => productImageFile(type.kind, imageColor, view + 1)),
      sizes: line.sizes,
    };
  });
}
