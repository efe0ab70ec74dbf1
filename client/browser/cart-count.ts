/**
 * The header's cart count before its island wakes (issue 15): the mini cart (client/islands/CartCounter.tsx)
 * loads React only when the shopper reaches for it, but a cart changed by this tab's add-to-cart forms
 * or by another tab must show at once. Until the island hydrates, this keeps the server's badge in step
 * with every `cart` message; the island then starts from the badge and from the latest count.
 */
import { countForm } from '../../locales/plural';
import { watch } from '../store/channel';

const ISLAND = '[data-island="CartCounter"]';
let latest: number | null = null;

/** Units in a cart as a `cart` message carries it; malformed items count as nothing. */
export function countItems(cart: { items?: ({ quantity?: unknown } | null)[] | null } | null | undefined): number {
  let units = 0;
  for (const item of cart?.items ?? []) {
    if (typeof item?.quantity === 'number' && item.quantity > 0) units += item.quantity;
  }
  return units;
}

/** The count the last `cart` message of this page carried, or null before any. */
export function latestCartCount(): number | null {
  return latest;
}

/** The badge's spoken label for `count`, from labels by plural form with a `{{count}}` placeholder. */
export function cartCountLabel(
  labels: { zero?: string; one?: string; other?: string },
  localeIso: string,
  count: number,
): string | undefined {
  return labels[countForm(localeIso, count)]?.replace('{{count}}', String(count));
}

/** The count the header's badge shows now (the server's, or the one this script put there). */
export function badgeCount(): number | null {
  const badge = document.querySelector<HTMLElement>(`${ISLAND} .cart-counter`);
  const count = Number(badge?.dataset.count);
  return badge && Number.isInteger(count) && count >= 0 ? count : null;
}

function showCount(island: HTMLElement, count: number): void {
  const badge = island.querySelector<HTMLElement>('.cart-counter');
  const number = island.querySelector('.cart-counter__count');
  if (!badge || !number) return;
  let labels: { zero?: string; one?: string; other?: string } = {};
  let localeIso = document.documentElement.lang || 'sv';
  try {
    const props = JSON.parse(island.nextElementSibling?.textContent || '{}') as {
      labels?: typeof labels;
      localeIso?: string;
    };
    labels = props.labels ?? {};
    localeIso = props.localeIso ?? localeIso;
  } catch {
    // Props that do not parse: the number still changes, the spoken label stays.
  }
  badge.dataset.count = String(count);
  number.textContent = String(count);
  const label = cartCountLabel(labels, localeIso, count);
  if (label) badge.setAttribute('aria-label', label);
}

/**
 * Shows `count` on the badge at once, before the cart answers (an add on its way: the shopper sees it
 * counted as they click, as in Hydrogen's optimistic cart). False when React has the island, whose
 * count is its own. The cart's next message sets the true count either way.
 */
export function showCartCountNow(count: number): boolean {
  const island = document.querySelector<HTMLElement>(ISLAND);
  if (!island || island.hasAttribute('data-hydrating')) return false;
  showCount(island, count);
  return true;
}

/** Starts following `cart` messages; call once. */
export function followCartCount(): void {
  watch('cart', (data) => {
    latest = countItems(data as Parameters<typeof countItems>[0]);
    const island = document.querySelector<HTMLElement>(ISLAND);
    // Once React has the island it renders the count itself; its DOM is not ours to touch.
    if (island && !island.hasAttribute('data-hydrating')) showCount(island, latest);
  });
}
