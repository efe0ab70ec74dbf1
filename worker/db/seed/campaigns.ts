// Price campaigns (five active, one expired), their products and 30-day selling-price history for the
// "lowest earlier price" rule, promo codes and gift cards.
import { percentOff } from '../../commerce/pricing/money';
import type { Product } from './catalog';
import { MARKETS, marketPrice } from './shop';
import { addDays, Rng } from './sql';
import { type Tr, tr } from './vocabulary';

export interface Campaign {
  id: number;
  alias: string;
  discountPercent: number;
  hideTitle: 0 | 1;
  startsAt: string;
  endsAt: string | null;
  name: Tr;
  description: Tr;
  /** Share of all products in the campaign, and which top-level categories (ids) it draws from. */
  share: number;
  tops: readonly number[] | 'all';
  active: boolean;
}

export const CAMPAIGNS: readonly Campaign[] = [
  {
    id: 1,
    alias: 'tillbaka-till-kontoret',
    discountPercent: 10,
    hideTitle: 0,
    startsAt: '2026-08-10T00:00:00Z',
    endsAt: null,
    name: tr(
      'Tillbaka till kontoret',
      'Tilbage til kontoret',
      'Back to the office',
      'Takaisin toimistolle',
      'Tilbake til kontoret',
    ),
    description: tr(
      'Spara 10 % på utvalt papper, arkivering och skrivbordstillbehör.',
      'Spar 10 % på udvalgt papir, arkivering og skrivebordstilbehør.',
      'Save 10% on selected paper, filing and desk accessories.',
      'Säästä 10 % valituista papereista sekä arkistointi- ja työpöytätarvikkeista.',
      'Spar 10 % på utvalgt papir, arkivering og skrivebordstilbehør.',
    ),
    share: 0.04,
    tops: [2, 3, 4],
    active: true,
  },
  {
    id: 2,
    alias: 'teknikdagar',
    discountPercent: 15,
    hideTitle: 0,
    startsAt: '2026-10-20T00:00:00Z',
    endsAt: '2030-12-31T22:59:59Z',
    name: tr('Teknikdagar', 'Teknikdage', 'Tech days', 'Tekniikkapäivät', 'Teknologidager'),
    description: tr(
      'Spara 15 % på utvald teknik – räknare, etikettskrivare och datortillbehör.',
      'Spar 15 % på udvalgt teknik – lommeregnere, labelprintere og computertilbehør.',
      'Save 15% on selected tech – calculators, label makers and computer accessories.',
      'Säästä 15 % valitusta tekniikasta – laskimista, tarratulostimista ja tietokonetarvikkeista.',
      'Spar 15 % på utvalgt teknologi – kalkulatorer, merkemaskiner og datatilbehør.',
    ),
    share: 0.015,
    tops: [5],
    active: true,
  },
  {
    id: 3,
    alias: 'skrivkampanj',
    discountPercent: 20,
    hideTitle: 0,
    startsAt: '2026-10-12T00:00:00Z',
    endsAt: null,
    name: tr('Skrivkampanj', 'Skrivekampagne', 'Writing sale', 'Kirjoituskampanja', 'Skrivekampanje'),
    description: tr(
      'Spara 20 % på utvalda pennor och skrivredskap.',
      'Spar 20 % på udvalgte kuglepenne og skriveredskaber.',
      'Save 20% on selected pens and writing tools.',
      'Säästä 20 % valituista kynistä ja kirjoitusvälineistä.',
      'Spar 20 % på utvalgte penner og skrivesaker.',
    ),
    share: 0.025,
    tops: [1],
    active: true,
  },
  {
    id: 4,
    alias: 'vinterrea',
    discountPercent: 30,
    hideTitle: 0,
    startsAt: '2026-10-26T00:00:00Z',
    endsAt: '2030-01-31T22:59:59Z',
    name: tr('Vinterrea', 'Vinterudsalg', 'Winter sale', 'Talvialet', 'Vintersalg'),
    description: tr(
      'Spara 30 % på utvalda favoriter i hela sortimentet.',
      'Spar 30 % på udvalgte favoritter i hele sortimentet.',
      'Save 30% on selected favorites across the range.',
      'Säästä 30 % valituista suosikeista koko valikoimassa.',
      'Spar 30 % på utvalgte favoritter i hele sortimentet.',
    ),
    share: 0.03,
    tops: 'all',
    active: true,
  },
  {
    id: 5,
    alias: 'lagerrensning',
    discountPercent: 50,
    hideTitle: 1,
    startsAt: '2026-09-01T00:00:00Z',
    endsAt: null,
    name: tr('Lagerrensning', 'Lagerudsalg', 'Clearance', 'Varastontyhjennys', 'Lagersalg'),
    description: tr(
      'Halva priset så långt lagret räcker.',
      'Halv pris, så længe lager haves.',
      'Half price while stocks last.',
      'Puoleen hintaan niin kauan kuin tavaraa riittää.',
      'Halv pris så lenge lageret rekker.',
    ),
    share: 0.015,
    tops: 'all',
    active: true,
  },
  {
    id: 6,
    alias: 'sommarrea',
    discountPercent: 25,
    hideTitle: 0,
    startsAt: '2026-06-15T00:00:00Z',
    endsAt: '2026-08-31T21:59:59Z',
    name: tr('Sommarrea', 'Sommerudsalg', 'Summer sale', 'Kesäalet', 'Sommersalg'),
    description: tr(
      'Spara 25 % på sommarens favoriter.',
      'Spar 25 % på sommerens favoritter.',
      'Save 25% on summer favorites.',
      'Säästä 25 % kesän suosikeista.',
      'Spar 25 % på sommerens favoritter.',
    ),
    share: 0.02,
    tops: 'all',
    active: false,
  },
];

/** Campaign id → product ids. An active campaign never shares a product with another active one. */
export function pickCampaignProducts(products: readonly Product[]): Map<number, number[]> {
  const rng = new Rng('campaign-products');
  const taken = new Set<number>();
  const result = new Map<number, number[]>();
  for (const campaign of CAMPAIGNS) {
    const wanted = Math.max(1, Math.round(products.length * campaign.share));
    const pool = products.filter(
      (p) =>
        (campaign.tops === 'all' || campaign.tops.includes(p.top.id)) &&
        (!campaign.active || !taken.has(p.id)) &&
        // Clearance takes products that have been in the range for a while.
        (campaign.alias !== 'lagerrensning' || p.firstAvailableOn < '2026-03-01'),
    );
    const chosen = rng
      .shuffle(pool)
      .slice(0, wanted)
      .map((p) => p.id)
      .sort((a, b) => a - b);
    if (campaign.active) for (const id of chosen) taken.add(id);
    result.set(campaign.id, chosen);
  }
  return result;
}

export interface PriceHistoryRow {
  productId: number;
  marketId: string;
  date: string;
  sellingIncVat: number;
}

/**
 * Selling prices of the last 30 days for products in active campaigns (EU Omnibus "lowest earlier
 * price"): regular before the campaign started, discounted after; some had a short earlier dip.
 */
export function buildPriceHistory(
  products: readonly Product[],
  campaignProducts: ReadonlyMap<number, number[]>,
  seedDate: string,
): PriceHistoryRow[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const rows: PriceHistoryRow[] = [];
  for (const campaign of CAMPAIGNS.filter((c) => c.active)) {
    const start = campaign.startsAt.slice(0, 10);
    for (const productId of campaignProducts.get(campaign.id) ?? []) {
      const product = byId.get(productId) as Product;
      const rng = new Rng(`history:${productId}`);
      const dip = rng.chance(0.3);
      for (const market of MARKETS) {
        const regular = marketPrice(product.priceSek, market.currency);
        // The shop's own rounding rule (docs/decisions/010-price-rounding.md), so the log matches the cards.
        const discounted = percentOff(regular, campaign.discountPercent, market.currency);
        for (const daysAgo of [29, 15, 3]) {
          const date = addDays(seedDate, -daysAgo);
          let selling = date >= start ? discounted : regular;
          if (dip && daysAgo === 15) selling = percentOff(Math.min(selling, regular), 10, market.currency);
          rows.push({ productId, marketId: market.id, date, sellingIncVat: selling });
        }
      }
    }
  }
  return rows;
}

export interface PromoCode {
  code: string;
  kind: 'PERCENT' | 'FIXED_AMOUNT' | 'FREE_SHIPPING';
  percent: number | null;
  validFrom: string;
  validTo: string | null;
  /** Market id → [amount inc. VAT, minimum subtotal inc. VAT], minor units. */
  markets: Record<string, readonly [number, number]>;
  /** A welcome code: one order per customer (account or email). */
  oncePerCustomer?: boolean;
}

const NO_AMOUNTS = { '1|se': [0, 0], '1|dk': [0, 0], '1|no': [0, 0], '1|fi': [0, 0] } as const;

export const PROMO_CODES: readonly PromoCode[] = [
  {
    code: 'VALKOMMEN10',
    kind: 'PERCENT',
    percent: 10,
    validFrom: '2024-01-01T00:00:00Z',
    validTo: null,
    markets: NO_AMOUNTS,
    oncePerCustomer: true,
  },
  {
    code: 'FRAKTFRITT',
    kind: 'FREE_SHIPPING',
    percent: null,
    validFrom: '2025-01-01T00:00:00Z',
    validTo: null,
    markets: NO_AMOUNTS,
  },
  {
    code: 'SPARA100',
    kind: 'FIXED_AMOUNT',
    percent: null,
    validFrom: '2026-09-01T00:00:00Z',
    validTo: '2029-12-31T22:59:59Z',
    markets: { '1|se': [10000, 50000], '1|dk': [7000, 35000], '1|no': [10000, 50000], '1|fi': [1000, 4500] },
  },
  {
    code: 'SOMMAR2024',
    kind: 'PERCENT',
    percent: 15,
    validFrom: '2024-06-01T00:00:00Z',
    validTo: '2024-08-31T21:59:59Z',
    markets: NO_AMOUNTS,
  },
];

export const GIFT_CARDS: readonly (readonly [
  code: string,
  currency: string,
  initial: number,
  balance: number,
  validTo: string,
  createdAt: string,
])[] = [
  ['PRESENT-500', 'SEK', 50000, 50000, '2031-12-31T22:59:59Z', '2026-03-15T10:12:00Z'],
  ['PRESENT-1000', 'SEK', 100000, 35000, '2031-06-30T21:59:59Z', '2026-01-20T14:40:00Z'],
  ['LAHJA-50', 'EUR', 5000, 5000, '2031-12-31T21:59:59Z', '2026-05-02T08:05:00Z'],
];
