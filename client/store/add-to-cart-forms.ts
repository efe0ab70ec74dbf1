/**
 * Add to cart with JavaScript (issue 6): the plain add-to-cart form of product pages and the buy buttons of
 * cards, which post through their grid's form (POST /api/cart/add, client/views/components/product/BuyForm.tsx,
 * client/views/components/cart/CardBuyForm.tsx), add through the cart store instead of a page load. The header's mini cart then shows the 'added'
 * notice and the new count; a failure is shown next to the button: 'Du måste välja storlek först' when a
 * size is missing (spec §5), else the API's own words (the §5 quantity messages). One delegated listener
 * serves forms added later too (list pages load more cards). The store, with the GraphQL client, is
 * loaded when a shopper first points at or focuses such a form.
 */

import { badgeCount, latestCartCount, showCartCountNow } from '../browser/cart-count';
import { sentNatively, submitAction, submitNatively, submitterOf } from '../browser/form-action';

/**
 * Where add to cart posts: FORM_ACTIONS.addToCart (core/form-actions.ts), written out rather than imported,
 * as in client/browser/entry.tsx: the table, shared with the favorites script, would be a chunk of its own.
 * tests/unit/cart-store.test.ts holds the two the same.
 */
export const ADD_TO_CART_ACTION = '/api/cart/add';
export const ADD_TO_CART_FORM = `form[action="${ADD_TO_CART_ACTION}"]`;
/** A card's buy button (CardBuyForm.tsx): it names its product and carries its one sku in `data-sku-id`. */
const CARD_BUY = 'button.card-buy[data-sku-id]';

/**
 * One add to cart: the form that posts it, the button pressed (when a button was), and where its state
 * shows: the product page's form itself, or a card's buy button (the card's form is its grid's, shared).
 */
interface Buy {
  form: HTMLFormElement;
  submitter: HTMLButtonElement | null;
  /** Carries `aria-busy` while adding; a card's error follows it. */
  host: HTMLElement;
  button: HTMLButtonElement | null;
}

function buyOf(form: HTMLFormElement, submitter: HTMLButtonElement | null): Buy {
  if (submitter?.matches(CARD_BUY)) return { form, submitter, host: submitter, button: submitter };
  return {
    form,
    submitter,
    host: form,
    button: submitter ?? form.querySelector<HTMLButtonElement>('button[type="submit"]'),
  };
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

/** The message element after the button (in the form, or after a card's button), created on first use. */
function errorElement(buy: Buy): HTMLElement {
  const card = buy.host !== buy.form;
  let element = card
    ? buy.host.nextElementSibling instanceof HTMLElement && buy.host.nextElementSibling.matches('[data-cart-error]')
      ? buy.host.nextElementSibling
      : null
    : buy.form.querySelector<HTMLElement>('[data-cart-error]');
  if (!element) {
    element = document.createElement('p');
    element.className = 'cart-error buy-error';
    element.setAttribute('role', 'alert');
    element.setAttribute('data-cart-error', '');
    element.id = `cart-error-${Math.random().toString(36).slice(2, 10)}`;
    if (card) buy.host.insertAdjacentElement('afterend', element);
    else buy.form.appendChild(element);
  }
  return element;
}

function existingError(buy: Buy): HTMLElement | null {
  if (buy.host === buy.form) return buy.form.querySelector<HTMLElement>('[data-cart-error]');
  const next = buy.host.nextElementSibling;
  return next instanceof HTMLElement && next.matches('[data-cart-error]') ? next : null;
}

/**
 * Shows `message` under the button. With `retry` (a label), a button that sends it again: a request that
 * failed on the way (spec §8, §11: offline, the API down) is the shopper's to repeat, never a dead end.
 */
function showError(buy: Buy, message: string, retry?: string): void {
  const element = errorElement(buy);
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
  const element = existingError(buy);
  if (!element) return;
  element.textContent = '';
  element.hidden = true;
  buy.button?.removeAttribute('aria-describedby');
}

/** The card's list and position for analytics (spec §7 add_to_cart item_list_name, index). */
function listContext(buy: Buy): { item_list_name?: string; index?: number } {
  const card = buy.host.closest<HTMLElement>('[data-item-id]');
  const list = card?.dataset.itemList;
  const index = card?.dataset.itemIndex;
  return {
    ...(list ? { item_list_name: list } : {}),
    ...(index && /^\d+$/.test(index) ? { index: Number(index) } : {}),
  };
}

async function submitToStore(buy: Buy, request: { skuId: number; quantity: number }): Promise<void> {
  const { host, button } = buy;
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
    // The store could not load (offline, a new deploy): the plain form still works.
    console.error('cart store failed to load', error);
    undoCount();
    host.removeAttribute('aria-busy');
    if (button) button.disabled = false;
    submitNatively(buy.form, buy.submitter);
  } finally {
    host.removeAttribute('aria-busy');
    if (button) button.disabled = false;
  }
}

/** What to say when adding failed: the form's own text (product page), else its grid's (list cards). */
function failedText(buy: Buy): string {
  return buy.host.closest<HTMLElement>('[data-failed]')?.dataset.failed ?? '';
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || sentNatively(form)) return;
  const submitter = submitterOf(event);
  if (submitAction(form, submitter) !== ADD_TO_CART_ACTION) return;
  const buy = buyOf(form, submitter);
  const card = buy.host !== form;
  const data = new FormData(form, submitter);
  const hasSizes = !card && form.querySelector('input[type="radio"][name="skuId"]') !== null;
  const quantityField = card ? null : form.querySelector<HTMLInputElement>('input[name="quantity"]');
  const request = readAddRequest(
    { skuId: card ? (submitter?.dataset.skuId ?? null) : data.get('skuId'), quantity: data.get('quantity') },
    hasSizes,
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
  void submitToStore(buy, request);
}

function preload(event: Event): void {
  if ((event.target as Element | null)?.closest?.(`${ADD_TO_CART_FORM}, ${CARD_BUY}`)) void loadStore();
}

let started = false;

/** Starts the delegated listeners; call once per page. */
export function enhanceAddToCartForms(): void {
  if (started) return;
  started = true;
  document.addEventListener('submit', onSubmit);
  document.addEventListener('pointerover', preload, { passive: true });
  document.addEventListener('focusin', preload);
  // A chosen size clears the 'choose a size' message.
  document.addEventListener('change', (event) => {
    const input = event.target as HTMLInputElement | null;
    const form = input?.form;
    if (form?.matches(ADD_TO_CART_FORM) && input?.name === 'skuId') clearError(buyOf(form, null));
  });
}
