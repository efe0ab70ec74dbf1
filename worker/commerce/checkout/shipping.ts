/**
 * Shipping and payment methods per market (spec §1: 49 kr, free from 499 kr; card, Swish, invoice,
 * instalment; named carriers). They are data (migration 0004), not code: fees, thresholds, delivery
 * estimates, the zips a carrier serves and the countries' postal code formats all live in D1.
 */
import type { Market } from '../channel/channel';
import type { ShippingInput } from '../cart/pricing';
import type { PaymentMethodCode } from '../../../core/checkout/payment-methods';

export interface ShippingMethod {
  id: number;
  marketId: string;
  carrier: string;
  name: string;
  logo: string | null;
  /** The market's standard fee when the method has none of its own. */
  feeIncVat: number;
  /** Goods value from which the method is free, or null when it never is. */
  freeFromIncVat: number | null;
  deliveryDays: { min: number; max: number };
  zipPrefixes: string[] | null;
  isDefault: boolean;
}

export type { PaymentMethodCode };

export interface PaymentMethod {
  id: number;
  code: PaymentMethodCode;
  provider: string;
  logo: string | null;
  isDefault: boolean;
}

interface ShippingMethodRow {
  id: number;
  market_id: string;
  carrier: string;
  name: string;
  logo: string | null;
  fee_inc_vat: number | null;
  free_above_threshold: number;
  delivery_days_min: number;
  delivery_days_max: number;
  zip_prefixes: string | null;
  is_default: number;
}

/** The active shipping methods of `market`, default first, then in display order. */
export async function loadShippingMethods(db: D1Database, market: Market): Promise<ShippingMethod[]> {
  const { results } = await db
    .prepare(
      'SELECT * FROM shipping_methods WHERE market_id = ? AND is_active = 1 ORDER BY is_default DESC, sort_order',
    )
    .bind(market.id)
    .all<ShippingMethodRow>();
  return results.map((row) => ({
    id: row.id,
    marketId: row.market_id,
    carrier: row.carrier,
    name: row.name,
    logo: row.logo,
    feeIncVat: row.fee_inc_vat ?? market.shippingFeeIncVat,
    freeFromIncVat: row.free_above_threshold === 1 ? market.freeShippingFromIncVat : null,
    deliveryDays: { min: row.delivery_days_min, max: row.delivery_days_max },
    zipPrefixes: row.zip_prefixes ? row.zip_prefixes.split(',').map((prefix) => prefix.trim()) : null,
    isDefault: row.is_default === 1,
  }));
}

/** The zip with its spaces removed if it has the country's format, else null. */
export async function normalizeZip(db: D1Database, countryCode: string, zip: string): Promise<string | null> {
  const format = await db
    .prepare('SELECT pattern FROM postal_code_formats WHERE country_code = ?')
    .bind(countryCode)
    .first<{ pattern: string }>();
  const trimmed = zip.trim();
  if (!format || !new RegExp(format.pattern).test(trimmed)) return null;
  return trimmed.replace(/\s/g, '');
}

/** The methods that deliver to `zip` (already normalized): those serving the whole country or its prefix. */
export function methodsForZip(methods: readonly ShippingMethod[], zip: string): ShippingMethod[] {
  return methods.filter((method) => !method.zipPrefixes || method.zipPrefixes.some((prefix) => zip.startsWith(prefix)));
}

/**
 * The shipping the cart pays: the chosen method if it is one of `methods`, else the default; an
 * external fee (setCartShippingFee) replaces the method's fee where the caller allows it.
 */
export function shippingInputFor(
  methods: readonly ShippingMethod[],
  chosenMethodId: number | null,
  externalFeeIncVat: number | null,
): { method: ShippingMethod | null; input: ShippingInput } {
  const chosen = methods.find((method) => method.id === chosenMethodId);
  const method = chosen ?? methods.find((m) => m.isDefault) ?? methods[0] ?? null;
  const input: ShippingInput = {
    feeIncVat: externalFeeIncVat ?? method?.feeIncVat ?? 0,
    freeFromIncVat: method?.freeFromIncVat ?? null,
    isDefault: !chosen && externalFeeIncVat === null,
  };
  return { method, input };
}

/** The payment methods offered in `marketId` (Swish only in Sweden), default first. */
export async function loadPaymentMethods(db: D1Database, marketId: string): Promise<PaymentMethod[]> {
  const { results } = await db
    .prepare(
      `SELECT pm.id, pm.code, pm.provider, pm.logo, pmm.is_default FROM payment_method_markets pmm
       JOIN payment_methods pm ON pm.id = pmm.payment_method_id
       WHERE pmm.market_id = ? ORDER BY pmm.is_default DESC, pmm.sort_order`,
    )
    .bind(marketId)
    .all<{ id: number; code: PaymentMethodCode; provider: string; logo: string | null; is_default: number }>();
  return results.map((row) => ({
    id: row.id,
    code: row.code,
    provider: row.provider,
    logo: row.logo,
    isDefault: row.is_default === 1,
  }));
}
