/**
 * The favorite toggles with JavaScript (issue 6 'Favorites'): the entry's one `submit` listener hands this
 * script's handler the plain toggles (POST /api/favorites/toggle, worker/routes/forms/favorites.ts: the product page's form, and
 * a card's heart, which posts through its grid's form) with `Accept: application/json`, so the page does
 * not reload. Then:
 * - every toggle of that product on the page gets the new `aria-pressed`;
 * - the header's count and its accessible name follow;
 * - on the favorites page a removed product leaves the grid and the count (the empty state shows after
 *   the last one);
 * - the answer's message is announced in a polite live region;
 * - adding pushes `add_to_wishlist` (spec §7) with the product's `data-item-*` attributes.
 * If the request fails the form is submitted the ordinary way, with the button pressed, which always works.
 * Loaded by client/browser/entry.tsx only on pages that have such a form.
 */
import { itemFromDataset, pushEcommerceEvent } from './analytics';
import { countForm } from '../../locales/plural';
import { FORM_ACTIONS, type FavoriteToggleAnswer } from '../../core/form-actions';
import type { SubmitHandler } from './submit-handler';

const ACTION = FORM_ACTIONS.favoriteToggle;

function isToggleAnswer(value: unknown): value is FavoriteToggleAnswer {
  const answer = value as Partial<FavoriteToggleAnswer> | null;
  return (
    typeof answer?.productId === 'number' &&
    typeof answer.favorite === 'boolean' &&
    typeof answer.count === 'number' &&
    typeof answer.message === 'string'
  );
}

/** A toggle's button (the one with `aria-pressed`): a card's heart, or the button of the product page's form. */
const TOGGLES = `button[formaction="${ACTION}"][aria-pressed], form[action="${ACTION}"] button[aria-pressed]`;

let liveRegion: HTMLElement | null = null;

/** Says `message` to screen readers without moving focus. */
function announce(message: string): void {
  if (!liveRegion) {
    liveRegion = document.createElement('p');
    liveRegion.className = 'visually-hidden';
    liveRegion.setAttribute('role', 'status');
    document.body.appendChild(liveRegion);
  }
  // A change of text is what a live region announces: clear first so the same message repeats.
  liveRegion.textContent = '';
  const region = liveRegion;
  setTimeout(() => (region.textContent = message), 50);
}

/** The element's `data-label-{zero,one,other}` text for `count`. */
function countLabel(element: HTMLElement, count: number): string {
  const iso = element.dataset.localeIso ?? document.documentElement.lang;
  const label = element.dataset[`label${capitalized(countForm(iso, count))}`] ?? '';
  return label.replace('{{count}}', String(count));
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function showCount(count: number): void {
  for (const link of document.querySelectorAll<HTMLElement>('[data-favorites-link]')) {
    link.setAttribute('aria-label', countLabel(link, count));
    const badge = link.querySelector<HTMLElement>('[data-favorites-count]');
    if (badge) {
      badge.textContent = String(count);
      badge.hidden = count === 0;
    }
  }
}

/** The product a toggle button is for: its own value (a card's heart), else its form's productId field. */
function productIdOf(button: HTMLButtonElement): string | null {
  if (button.name === 'productId') return button.value;
  const value = button.form ? new FormData(button.form).get('productId') : null;
  return typeof value === 'string' ? value : null;
}

/** Every toggle of the product on the page (its card's heart, the product page's button). */
function togglesOf(productId: string): HTMLButtonElement[] {
  return [...document.querySelectorAll<HTMLButtonElement>(TOGGLES)].filter(
    (button) => productIdOf(button) === productId,
  );
}

/** On the favorites page: the product's card leaves the grid; focus goes to the next one, or the heading. */
function removeFromFavoritesPage(button: HTMLButtonElement): void {
  const item = button.closest<HTMLElement>('[data-favorites-list] > li');
  const list = item?.parentElement;
  if (!item || !list) return;
  const next = item.nextElementSibling ?? item.previousElementSibling;
  item.remove();
  // The page counts the cards it shows (a favorite no longer sold has no card, but counts in the header).
  for (const text of document.querySelectorAll<HTMLElement>('[data-favorites-page-count]')) {
    text.textContent = countLabel(text, list.children.length);
  }
  if (list.children.length === 0) {
    list.hidden = true;
    for (const empty of document.querySelectorAll<HTMLElement>('[data-favorites-empty]')) empty.hidden = false;
  }
  const focusTarget = next?.querySelector<HTMLElement>(TOGGLES) ?? document.querySelector<HTMLElement>('main h1');
  focusTarget?.focus();
}

function pushAddToWishlist(productId: string): void {
  const element = document.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(productId)}"]`);
  const item = element ? itemFromDataset(element.dataset) : null;
  if (!item) return;
  const { currency, ...rest } = item;
  pushEcommerceEvent('add_to_wishlist', { currency: currency ?? '', value: item.price ?? 0, items: [rest] });
}

function apply(button: HTMLButtonElement, answer: FavoriteToggleAnswer): void {
  const productId = String(answer.productId);
  for (const toggle of togglesOf(productId)) toggle.setAttribute('aria-pressed', String(answer.favorite));
  showCount(answer.count);
  announce(answer.message);
  if (answer.favorite) pushAddToWishlist(productId);
  else removeFromFavoritesPage(button);
}

async function send(form: HTMLFormElement, submitter: HTMLButtonElement | null, plainly: () => void): Promise<void> {
  const button = submitter ?? form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])');
  if (!button) return;
  button.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(ACTION, {
      method: 'POST',
      body: new URLSearchParams(new FormData(form, submitter) as unknown as Record<string, string>),
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
    const body: unknown = await response.json();
    if (isToggleAnswer(body)) apply(button, body);
    else {
      const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
      if (typeof message !== 'string') throw new Error(`favorite toggle answered ${response.status}`);
      announce(message);
    }
  } catch (error) {
    console.error('favorite toggle failed; sending the form instead', error);
    plainly();
  } finally {
    button.removeAttribute('aria-busy');
  }
}

/** A toggle's submission (the entry tells them: client/browser/entry.tsx). */
const onSubmit: SubmitHandler = (event, form, pressed, plainly) => {
  event.preventDefault();
  // A second click while the first is on its way would undo it: one at a time per toggle.
  const button = pressed ?? form.querySelector<HTMLButtonElement>('button[aria-pressed]');
  if (button?.getAttribute('aria-busy') === 'true') return;
  void send(form, pressed, plainly);
};

/** Answers the handler of the page's favorite toggles, which sends them without page loads. */
export function enhanceFavoriteToggles(): SubmitHandler {
  document.documentElement.dataset.favoritesEnhanced = '';
  return onSubmit;
}
