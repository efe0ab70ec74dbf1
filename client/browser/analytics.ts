/**
 * The analytics data layer (spec §7, issue 5 "Analytics"): `window.dataLayer` in the shape Google Tag
 * Manager and GA4 read. On every page it pushes, in order:
 * - `page_data`: page type, locale, market, currency, customer type (the server renders them as JSON in
 *   `<script type="application/json" id="page-data">`);
 * - `original_location`: the first URL of the visit, once per session (keeps campaign parameters);
 * - `virtual_page_view`: this page (each page load is a route change: there is no client routing);
 * - `view_item`: on a product page, the element with `data-item-id` and no list attributes;
 * - `view_item_list`: product cards (`data-item-id` plus `data-item-index`) as they become at least half
 *   visible, in batches of 4 (spec §9); what is left is pushed when the page is hidden;
 * - `select_item`: a click on a card's link to its product (GA4: the shopper chose the item from the list);
 *   the card's heart and buy button record their own events (`add_to_wishlist`, `add_to_cart`) instead.
 * The tag manager script is loaded only when a container is configured and the browser sends neither
 * Do Not Track nor Global Privacy Control.
 */

export const IMPRESSION_BATCH_SIZE = 4;
/** Share of a card that must be in view to count as seen. */
export const IMPRESSION_THRESHOLD = 0.5;
const ORIGINAL_LOCATION_KEY = 'ralph-original-location';

/** One product as GA4 ecommerce events describe it. */
export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_category?: string;
  /** The size (sku name) of a cart line. */
  item_variant?: string;
  item_list_name?: string;
  index?: number;
  price?: number;
  quantity?: number;
  currency?: string;
}

/** A cart line as the ecommerce events read it (a subset of core/graphql/cart.ts ShopCartItem). */
export interface AnalyticsCartLine {
  skuId: number;
  quantity: number;
  product: {
    productId: number;
    name: string | null;
    brand: { name: string | null } | null;
    skus: ({ skuId: number; name: string | null } | null)[] | null;
  } | null;
  unitPrice: { sellingPriceIncVat: number } | null;
}

/**
 * One cart line as every cart event describes it (add_to_cart, remove_from_cart, begin_checkout,
 * purchase): the product's id, name and brand, the sku's name (the size) as `item_variant`, the unit price
 * including VAT and `quantity` units (the line's own quantity unless given). The same item in every
 * event, so GA4 can follow it from the cart to the order.
 */
export function analyticsItemOfCartLine(line: AnalyticsCartLine, quantity = line.quantity): AnalyticsItem {
  const product = line.product;
  const variant = product?.skus?.find((sku) => sku?.skuId === line.skuId)?.name;
  return {
    item_id: String(product?.productId ?? line.skuId),
    item_name: product?.name ?? '',
    ...(product?.brand?.name ? { item_brand: product.brand.name } : {}),
    ...(variant ? { item_variant: variant } : {}),
    price: line.unitPrice?.sellingPriceIncVat ?? 0,
    quantity,
  };
}

export type DataLayerEntry = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

/** The item a `data-item-*` dataset describes, or null without an id. Empty attributes are left out. */
export function itemFromDataset(dataset: DOMStringMap): AnalyticsItem | null {
  const id = dataset.itemId;
  if (!id) return null;
  const item: AnalyticsItem = { item_id: id, item_name: dataset.itemName ?? '' };
  if (dataset.itemBrand) item.item_brand = dataset.itemBrand;
  if (dataset.itemCategory) item.item_category = dataset.itemCategory;
  if (dataset.itemList) item.item_list_name = dataset.itemList;
  if (dataset.itemIndex && /^\d+$/.test(dataset.itemIndex)) item.index = Number(dataset.itemIndex);
  const price = dataset.itemPrice ? Number(dataset.itemPrice) : Number.NaN;
  if (Number.isFinite(price)) item.price = price;
  if (dataset.itemCurrency) item.currency = dataset.itemCurrency;
  return item;
}

/** The ecommerce part of an event: one currency and, when all items share it, the list's name. */
function ecommerce(items: readonly AnalyticsItem[], currency: string): DataLayerEntry {
  const lists = new Set(items.map((item) => item.item_list_name));
  const [list] = lists;
  return {
    currency: items.find((item) => item.currency)?.currency ?? currency,
    ...(lists.size === 1 && list ? { item_list_name: list } : {}),
    items: items.map(({ currency: _currency, ...item }) => item),
  };
}

/** `view_item_list` for a batch of impressions. */
export function viewItemListEvent(items: readonly AnalyticsItem[], currency: string): DataLayerEntry {
  return { event: 'view_item_list', ecommerce: ecommerce(items, currency) };
}

/** `select_item` for a clicked card. */
export function selectItemEvent(item: AnalyticsItem, currency: string): DataLayerEntry {
  return { event: 'select_item', ecommerce: ecommerce([item], currency) };
}

/** `view_item` for the product of a product page, its price as the event's value. */
export function viewItemEvent(item: AnalyticsItem, currency: string): DataLayerEntry {
  return { event: 'view_item', ecommerce: { ...ecommerce([item], currency), value: item.price ?? 0 } };
}

/**
 * Pushes a GA4 ecommerce event (issue 6 contract 5): the previous `ecommerce` object is cleared first, as
 * GA4 asks, then `{ event, ecommerce }`. Used for add_to_cart, remove_from_cart, begin_checkout,
 * add_to_wishlist and purchase.
 */
export function pushEcommerceEvent(event: string, ecommerce: Record<string, unknown>): void {
  if (typeof window === 'undefined' || !analyticsConsented(readPageData())) return;
  const dataLayer = (window.dataLayer ??= []);
  dataLayer.push({ ecommerce: null });
  dataLayer.push({ event, ecommerce });
}

export interface ImpressionBatcher {
  /** Counts an item as seen; pushes a batch when it is full. The same id in the same list counts once. */
  add(item: AnalyticsItem): void;
  /** Pushes what is waiting (a smaller last batch), e.g. when the page is hidden. */
  flush(): void;
}

/** Collects impressions and hands them to `push` in batches of `size` (spec §9: 4). */
export function createImpressionBatcher(
  push: (items: AnalyticsItem[]) => void,
  size = IMPRESSION_BATCH_SIZE,
): ImpressionBatcher {
  const seen = new Set<string>();
  let waiting: AnalyticsItem[] = [];
  function flush(): void {
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    push(batch);
  }
  return {
    add(item) {
      const key = `${item.item_list_name ?? ''}\u0000${item.item_id}`;
      if (seen.has(key)) return;
      seen.add(key);
      waiting.push(item);
      if (waiting.length >= size) flush();
    },
    flush,
  };
}

/** The privacy signals a browser may send (Do Not Track, Global Privacy Control). */
export interface PrivacySignals {
  doNotTrack?: string | null;
  windowDoNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

/**
 * Whether the data layer may be filled (issue 12): always when no tag manager is configured (nothing
 * leaves the page), else only after the shopper accepted cookies in the banner.
 */
export function analyticsConsented(pageData: Record<string, unknown> | null): boolean {
  if (!pageData) return false;
  return !pageData.gtm_id || pageData.consent === 'accepted';
}

/**
 * Whether the tag manager may load: a container is configured, the shopper accepted cookies, and they
 * asked for no tracking by neither Do Not Track nor Global Privacy Control.
 */
export function tagManagerAllowed(
  gtmId: string | null | undefined,
  signals: PrivacySignals,
  consent: unknown,
): boolean {
  if (!gtmId || consent !== 'accepted') return false;
  const doNotTrack = signals.doNotTrack === '1' || signals.doNotTrack === 'yes' || signals.windowDoNotTrack === '1';
  return !doNotTrack && signals.globalPrivacyControl !== true;
}

/** The page data the server rendered, or null when it is missing or broken. */
export function readPageData(): Record<string, unknown> | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById('page-data');
  if (!element?.textContent) return null;
  try {
    const data: unknown = JSON.parse(element.textContent);
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function loadTagManager(gtmId: string, dataLayer: DataLayerEntry[]): void {
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  // GTM hands the nonce on to the tags it inserts; 'strict-dynamic' trusts this script as we insert it.
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
}

function pushOriginalLocation(push: (entry: DataLayerEntry) => void): void {
  try {
    if (sessionStorage.getItem(ORIGINAL_LOCATION_KEY)) return;
    sessionStorage.setItem(ORIGINAL_LOCATION_KEY, location.href);
  } catch {
    return; // storage blocked: the first page of the visit is unknown
  }
  push({ event: 'original_location', original_location: withoutPrivateParameters(location.href).href });
}

const CARD_SELECTOR = '[data-item-id][data-item-index]';

/** The query parameters analytics never sees (withoutPrivateParameters). */
const PRIVATE_PARAMETERS = ['orderId', 'cartId', 'kid', 'sid', 'wid', 'aid', 'cartid', 'key', 'resetKey', 't'];

/**
 * The page's URL as analytics may see it (issue 12): without `orderId` and `cartId` (an external
 * checkout's `kid`, `sid`, `wid` or `aid` and `cartid`, issue 26), which the confirmation page's URL
 * carries and which together open the order's details (issue 24), nor a password
 * reset key (issue 13: `key`, `resetKey`; the reset page moves it out of its URL at once, this is the
 * second line), nor a withdrawal link's token (issue 14: `t`).
 */
export function withoutPrivateParameters(href: string): URL {
  const url = new URL(href);
  for (const name of PRIVATE_PARAMETERS) url.searchParams.delete(name);
  return url;
}

/**
 * The confirmation page keeps its order's ids in a cookie (worker/pages/checkout-confirm, issue 24), so
 * its address loses them before anything reads it: no tag, history entry, bookmark or shared link has them.
 */
function cleanConfirmationAddress(pageType: unknown): void {
  if (pageType !== 'checkout-confirm') return;
  const clean = withoutPrivateParameters(location.href);
  if (clean.href !== location.href) history.replaceState(history.state, '', clean.href);
}

/** Starts the data layer for this page; call once. */
export function startAnalytics(): void {
  const pageData = readPageData();
  cleanConfirmationAddress(pageData?.page_type);
  // With a tag manager configured, nothing is pushed or loaded before the shopper accepts (issue 12).
  if (!pageData || !analyticsConsented(pageData)) return;
  const { gtm_id: gtmId, consent, ...page } = pageData;
  const currency = typeof page.currency === 'string' ? page.currency : '';
  const dataLayer = (window.dataLayer ??= []);
  const push = (entry: DataLayerEntry) => dataLayer.push(entry);
  // GA4: clear the previous ecommerce object before each ecommerce event.
  const pushEcommerce = (entry: DataLayerEntry) => {
    push({ ecommerce: null });
    push(entry);
  };

  push({ event: 'page_data', ...page });
  pushOriginalLocation(push);
  const here = withoutPrivateParameters(location.href);
  push({
    event: 'virtual_page_view',
    page_path: here.pathname + here.search,
    page_title: document.title,
    page_location: here.href,
  });

  // The page's own ecommerce events (client/views/components/PageEvent.tsx), such as begin_checkout.
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[data-page-event]')) {
    try {
      const ecommerce: unknown = JSON.parse(script.textContent || 'null');
      if (ecommerce && typeof ecommerce === 'object')
        pushEcommerce({ event: script.dataset.pageEvent, ecommerce: ecommerce as Record<string, unknown> });
    } catch {
      // A broken event is not sent.
    }
  }
  const product = document.querySelector<HTMLElement>('[data-item-id]:not([data-item-index]):not([data-item-list])');
  const viewed = product && itemFromDataset(product.dataset);
  if (viewed) pushEcommerce(viewItemEvent(viewed, currency));

  const batcher = createImpressionBatcher((items) => pushEcommerce(viewItemListEvent(items, currency)));
  const observed = new WeakSet<Element>();
  const observer =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              observer?.unobserve(entry.target);
              const item = itemFromDataset((entry.target as HTMLElement).dataset);
              if (item) batcher.add(item);
            }
          },
          { threshold: IMPRESSION_THRESHOLD },
        );
  const watchCards = (root: ParentNode) => {
    for (const card of root.querySelectorAll(CARD_SELECTOR)) {
      if (observed.has(card)) continue;
      observed.add(card);
      observer?.observe(card);
    }
  };
  watchCards(document);
  // Cards streamed in later (Suspense) or added by "load more" are watched as they arrive.
  let scanScheduled = false;
  new MutationObserver(() => {
    if (scanScheduled) return;
    scanScheduled = true;
    requestAnimationFrame(() => {
      scanScheduled = false;
      watchCards(document);
    });
  }).observe(document.body, { childList: true, subtree: true });
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && batcher.flush());
  addEventListener('pagehide', () => batcher.flush());

  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    const card = link?.closest<HTMLElement>(CARD_SELECTOR);
    const item = card && itemFromDataset(card.dataset);
    if (item) pushEcommerce(selectItemEvent(item, currency));
  });

  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  const signals = {
    doNotTrack: nav.doNotTrack,
    windowDoNotTrack: (window as { doNotTrack?: string }).doNotTrack,
    globalPrivacyControl: nav.globalPrivacyControl,
  };
  // A withdrawal link's page (its token in the URL, issue 14) loads no tag: a tag reads the address itself.
  if (
    typeof gtmId === 'string' &&
    tagManagerAllowed(gtmId, signals, consent) &&
    !new URLSearchParams(location.search).has('t')
  )
    loadTagManager(gtmId, dataLayer);
}
