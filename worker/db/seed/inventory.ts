// SKUs with EAN-13 codes and stock in every state the shop shows (spec §4): in stock, few left,
// out of stock (some with an incoming date), made to order (oversellable) and static stock.
import { COUNTRIES } from './brands';
import type { Product } from './catalog';
import { addDays, ean13, Rng } from './sql';

export interface Sku {
  id: number;
  productId: number;
  articleNumber: string;
  gtin: string;
  size: string | null;
  sortOrder: number;
  stock: number;
  oversellable: 0 | 1;
  staticStock: number | null;
  incoming: string | null;
  weight: number;
}

type StockState = 'in-stock' | 'few-left' | 'out-of-stock' | 'made-to-order' | 'static';

/** Furniture and boards are often made to order; everything else mostly sits on the shelf. */
const MADE_TO_ORDER_TYPES = new Set(['chair', 'easel', 'whiteboard', 'noticeboard']);

function stockState(product: Product, rng: Rng): StockState {
  const roll = rng.next();
  if (MADE_TO_ORDER_TYPES.has(product.line.type) && roll < 0.3) return 'made-to-order';
  if (roll < 0.08) return 'few-left';
  if (roll < 0.14) return 'out-of-stock';
  if (roll < 0.165) return 'made-to-order';
  if (roll < 0.185) return 'static';
  return 'in-stock';
}

function stockFields(
  state: StockState,
  rng: Rng,
  seedDate: string,
): Pick<Sku, 'stock' | 'oversellable' | 'staticStock' | 'incoming'> {
  switch (state) {
    case 'few-left':
      return { stock: rng.int(1, 5), oversellable: 0, staticStock: null, incoming: null };
    case 'out-of-stock':
      return {
        stock: 0,
        oversellable: 0,
        staticStock: null,
        incoming: rng.chance(0.5) ? addDays(seedDate, rng.int(5, 40)) : null,
      };
    case 'made-to-order':
      return { stock: 0, oversellable: 1, staticStock: null, incoming: null };
    case 'static': {
      const amount = rng.pick([500, 1000, 1000, 2500]);
      return { stock: amount, oversellable: 0, staticStock: amount, incoming: null };
    }
    case 'in-stock':
      return { stock: rng.int(20, 500), oversellable: 0, staticStock: null, incoming: null };
  }
}

/** One SKU per product, or one per size; a sized product may have one size low or sold out. */
export function buildSkus(products: readonly Product[], seedDate: string): Sku[] {
  const skus: Sku[] = [];
  for (const product of products) {
    const rng = new Rng(`sku:${product.id}`);
    const state = stockState(product, rng);
    const sizes: (string | null)[] = product.sizes.length > 0 ? [...product.sizes] : [null];
    const oddSize = sizes.length > 1 && state === 'in-stock' && rng.chance(0.35) ? rng.int(0, sizes.length - 1) : -1;
    const gs1 = COUNTRIES[product.brand.country].gs1;
    sizes.forEach((size, i) => {
      const id = skus.length + 1;
      const sizeState: StockState = i === oddSize ? rng.pick(['few-left', 'out-of-stock'] as const) : state;
      const body = `${gs1}${String(product.brand.id).padStart(3, '0')}${String(id).padStart(9 - gs1.length, '0')}`;
      skus.push({
        id,
        productId: product.id,
        articleNumber: size === null ? product.articleNumber : `${product.articleNumber}-${i + 1}`,
        gtin: ean13(body),
        size,
        sortOrder: i + 1,
        ...stockFields(sizeState, rng, seedDate),
        weight: Math.round(product.weight * (1 + i * 0.35)),
      });
    });
  }
  return skus;
}
