/**
 * Add to cart with JavaScript (issue 6): the plain add-to-cart form of product pages and the buy buttons of
 * cards, which post through their grid's form (POST /api/cart/add; client/views/components/product/BuyForm.tsx,
 * client/views/components/cart/CardBuyForm.tsx), add through the cart store instead of a page load. The
 * header's mini cart then shows the 'added' notice and the new count; a failure is shown next to the
 * button: 'Du måste välja storlek först' when a size is missing (spec §5), else the API's own words (the §5
 * quantity messages). The entry's one `submit` listener (client/browser/entry.tsx) hands this script's handler
 * forms and cards added later too (list pages load more cards). The store, with the GraphQL client, is
 * loaded with this script when a shopper first points at or focuses one.
 */

import { badgeCount, latestCartCount, showCartCountNow } from '../browser/cart-count';
import type { SubmitHandler } from '../browser/submit-handler';

/**
 * Where add to cart posts: FORM_ACTIONS.addToCart (core/form-actions.ts), written out rather than imported,
 * as in client/browser/entry.tsx: the table, shared with the favorites script, would be a chunk of its own.
 * tests/unit/cart-store.test.ts holds the two the same.
 */
export const ADD_TO_CART_ACTION = '/api/cart/add';
const ADD_TO_CART_FORM = `form[action="${ADD_TO_CART_ACTION}"]`;
/** A card's buy button (CardBuyForm.tsx): it names its product and carries its one sku in `data-sku-id`. */
const CARD_BUY = '.card-buy[data-sku-id]';

/**
 * One add to cart: its form, the button pressed (else the form's), and where its state shows (`host`:
 * `aria-busy`, the error at its end): the product page's form, or a card (its form is its grid's).
 */
interface Buy {
  form: HTMLFormElement;
  button: HTMLButtonElement | null;
  host: HTMLElement;
}

function buyOf(form: HTMLFormElement, pressed: HTMLButtonElement | null): Buy {
  const card = pressed?.matches(CARD_BUY) ? pressed.closest<HTMLElement>('article') : null;
  return { form, button: pressed ?? form.querySelector('button[type="submit"]'), host: card ?? form };
}

type Store = typeof import('./cart-store');
let store: Promise<Store> | undefined;
const loadStore = () => (store ??= import('./cart-store'));

/** What an add-to-cart form asks for, or why it cannot be sent. */
export type AddRequest =
  | { ok: true; skuId: number; quantity: number }
  | { ok: false; reason: 'size-required' | 'invalid-quantity' | 'no-sku' };

/**
 * Reads the form's fields: skuId (a chosen size or the only sku) and quantity (1 when absent), at most
 * `maxQuantity`: the `max` the server put on the quantity field (MAX_QUANTITY_PER_LINE of
 * core/cart/limits.ts), so this script, loaded on every page with a buy button, carries no copy.
 */
export function readAddRequest(
  fields: { skuId: FormDataEntryValue | null; quantity: FormDataEntryValue | null },
  hasSizes: boolean,
  maxQuantity: number,
): AddRequest {
  const skuText = typeof fields.skuId === 'string' ? fields.skuId.trim() : '';
  if (!/^\d{1,10}$/.test(skuText) || Number(skuText) < 1)
    return { ok: false, reason: hasSizes ? 'size-required' : 'no-sku' };
  const quantityText = typeof fields.quantity === 'string' ? fields.quantity.trim() : '';
  const quantity = quantityText === '' ? 1 : Number(quantityText);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > maxQuantity)
    return { ok: false, reason: 'invalid-quantity' };
  return { ok: true, skuId: Number(skuText), quantity };
}

/** How many error messages this page made: each has an id of its own, for `aria-describedby`. */
let errors = 0;

/** The message element at the end of the form, or of the card (after its buy button). */
function errorOf(buy: Buy, create: boolean): HTMLElement | null {
  let element = buy.host.querySelector<HTMLElement>('.buy-error');
  if (!element && create) {
    element = document.createElement('p');
    element.className = 'cart-error buy-error';
    element.setAttribute('role', 'alert');
    element.id = `cart-error-${++errors}`;
    buy.host.appendChild(element);
  }
  return element;
}

/**
 * Shows `message` under the button. With `retry` (a label), a button that sends it again: a request that
 * failed on the way (spec §8, §11: offline, the API down) is the shopper's to repeat, never a dead end.
 */
function showError(buy: Buy, message: string, retry?: string): void {
  const element = errorOf(buy, true)!;
  element.textContent = message;
  if (retry) {
    const again = document.createElement('button');
    again.type = 'button';
    again.className = 'retry-link';
    again.textContent = retry;
    again.addEventListener('click', () => buy.form.requestSubmit(buy.button));
    element.appendChild(document.createTextNode(' '));
    element.appendChild(again);
  }
  element.hidden = false;
  buy.button?.setAttribute('aria-describedby', element.id);
}

function clearError(buy: Buy): void {
  const element = errorOf(buy, false);
  if (!element) return;
  element.textContent = '';
  element.hidden = true;
  buy.button?.removeAttribute('aria-describedby');
}

/** The card's list and position for analytics (spec §7 add_to_cart item_list_name, index). */
function listContext(buy: Buy): { item_list_name?: string; index?: number } {
  const { itemList, itemIndex } = buy.host.closest<HTMLElement>('[data-item-id]')?.dataset ?? {};
  return {
    ...(itemList && { item_list_name: itemList }),
    ...(itemIndex && /^\d+$/.test(itemIndex) && { index: Number(itemIndex) }),
  };
}

async function submitToStore(
  buy: Buy,
  request: { skuId: number; quantity: number },
  plainly: () => void,
): Promise<void> {
  const { button, host } = buy;
  host.setAttribute('aria-busy', 'true');
  if (button) button.disabled = true;
  // Counted as the shopper clicks; the cart's answer sets the true count, a failure puts the old one back.
  const before = badgeCount();
  const counted = before !== null && showCartCountNow(before + request.quantity);
  // The latest true count this page heard of, else the one before the click.
  const undoCount = () => void (counted && showCartCountNow(latestCartCount() ?? before));
  try {
    const { cartStore, CartError } = await loadStore();
    try {
      await cartStore.add(request.skuId, request.quantity, listContext(buy));
      clearError(buy);
    } catch (error) {
      undoCount();
      const shopper = error instanceof CartError ? error.shopperMessage : null;
      if (shopper) showError(buy, shopper);
      else {
        // A fault, not the shopper's doing: logged in the client's words (spec §8), and offered again.
        console.error('add to cart failed:', error instanceof Error ? error.message : error);
        showError(buy, failedText(buy), host.closest<HTMLElement>('[data-retry]')?.dataset.retry);
      }
    }
  } catch (error) {
    // The store could not load (offline, a new deploy): the plain form still works, sent with its button
    // (a card's names the product).
    console.error('cart store failed to load', error);
    undoCount();
    if (button) button.disabled = false;
    plainly();
  } finally {
    host.removeAttribute('aria-busy');
    if (button) button.disabled = false;
  }
}

/** What to say when adding failed: the form's own text (product page), else its grid's (list cards). */
function failedText(buy: Buy): string {
  return buy.host.closest<HTMLElement>('[data-failed]')?.dataset.failed ?? '';
}

/** A submission to add to cart (the entry tells them: client/browser/entry.tsx). */
const onSubmit: SubmitHandler = (event, form, pressed, plainly) => {
  const buy = buyOf(form, pressed);
  const card = buy.host !== form;
  const data = new FormData(form);
  const quantityField = form.querySelector<HTMLInputElement>('input[name="quantity"]');
  const request = readAddRequest(
    { skuId: card ? (pressed!.dataset.skuId ?? null) : data.get('skuId'), quantity: data.get('quantity') },
    !card && form.querySelector('input[type="radio"][name="skuId"]') !== null,
    Number(quantityField?.max) || 1,
  );
  if (!request.ok && request.reason === 'no-sku') return; // let the server work it out
  event.preventDefault();
  if (buy.host.getAttribute('aria-busy') === 'true') return;
  if (!request.ok) {
    const message = request.reason === 'size-required' ? form.dataset.sizeRequired : form.dataset.invalidQuantity;
    showError(buy, message ?? failedText(buy));
    if (request.reason === 'size-required')
      form.querySelector<HTMLInputElement>('input[type="radio"][name="skuId"]:not(:disabled)')?.focus();
    return;
  }
  void submitToStore(buy, request, plainly);
};

let started = false;

/**
 * Starts, once per page, and answers the submissions' handler. The cart store starts loading with this script
 * (the entry asks for both on the shopper's first intent), so neither waits for the click.
 */
export function enhanceAddToCartForms(): SubmitHandler {
  if (!started) {
    started = true;
    // A chosen size clears the 'choose a size' message.
    document.addEventListener('change', (event) => {
      const input = event.target as HTMLInputElement | null;
      const form = input?.form;
      if (form?.matches(ADD_TO_CART_FORM) && input?.name === 'skuId') clearError(buyOf(form, null));
    });
  }
  return onSubmit;
}
