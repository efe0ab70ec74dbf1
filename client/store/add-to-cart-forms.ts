/**
 * Add to cart with JavaScript (issue 6): the plain add-to-cart forms of product pages and cards
 * (POST /api/cart/add, client/views/components/product/BuyForm.tsx, client/views/components/cart/CardBuyForm.tsx)
 * add through the cart store instead of a page load. The header's mini cart then shows the 'added'
 * notice and the new count; a failure is shown next to the button: 'Du måste välja storlek först' when a
 * size is missing (spec §5), else the API's own words (the §5 quantity messages). One delegated listener
 * serves forms added later too (list pages load more cards). The store, with the GraphQL client, is
 * loaded when a shopper first points at or focuses such a form.
 */

export const ADD_TO_CART_FORM = 'form[action$="/api/cart/add"]';

import { badgeCount, latestCartCount, showCartCountNow } from '../browser/cart-count';

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

/** The message element after the form's button, created on first use. */
function errorElement(form: HTMLFormElement): HTMLElement {
  let element = form.querySelector<HTMLElement>('[data-cart-error]');
  if (!element) {
    element = document.createElement('p');
    element.className = 'cart-error buy-error';
    element.setAttribute('role', 'alert');
    element.setAttribute('data-cart-error', '');
    element.id = `cart-error-${Math.random().toString(36).slice(2, 10)}`;
    form.appendChild(element);
  }
  return element;
}

/**
 * Shows `message` under the form. With `retry` (a label), a button that sends the form again: a request
 * that failed on the way (spec §8, §11: offline, the API down) is the shopper's to repeat, never a dead end.
 */
function showError(form: HTMLFormElement, message: string, retry?: string): void {
  const element = errorElement(form);
  element.textContent = message;
  if (retry) {
    const again = document.createElement('button');
    again.type = 'button';
    again.className = 'retry-link';
    again.textContent = retry;
    again.addEventListener('click', () =>
      form.requestSubmit(form.querySelector<HTMLButtonElement>('button[type="submit"]')),
    );
    element.appendChild(document.createTextNode(' '));
    element.appendChild(again);
  }
  element.hidden = false;
  form.querySelector('button[type="submit"]')?.setAttribute('aria-describedby', element.id);
}

function clearError(form: HTMLFormElement): void {
  const element = form.querySelector<HTMLElement>('[data-cart-error]');
  if (!element) return;
  element.textContent = '';
  element.hidden = true;
  form.querySelector('button[type="submit"]')?.removeAttribute('aria-describedby');
}

/** The card's list and position for analytics (spec §7 add_to_cart item_list_name, index). */
function listContext(form: HTMLFormElement): { item_list_name?: string; index?: number } {
  const card = form.closest<HTMLElement>('[data-item-id]');
  const list = card?.dataset.itemList;
  const index = card?.dataset.itemIndex;
  return {
    ...(list ? { item_list_name: list } : {}),
    ...(index && /^\d+$/.test(index) ? { index: Number(index) } : {}),
  };
}

async function submitToStore(form: HTMLFormElement, request: { skuId: number; quantity: number }): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  form.setAttribute('aria-busy', 'true');
  if (button) button.disabled = true;
  // Counted as the shopper clicks; the cart's answer sets the true count, a failure puts the old one back.
  const before = badgeCount();
  const counted = before !== null && showCartCountNow(before + request.quantity);
  // The latest true count this page heard of, else the one before the click.
  const undoCount = () => void (counted && showCartCountNow(latestCartCount() ?? before));
  try {
    const { cartStore, CartError } = await loadStore();
    try {
      await cartStore.add(request.skuId, request.quantity, listContext(form));
      clearError(form);
    } catch (error) {
      undoCount();
      const shopper = error instanceof CartError ? error.shopperMessage : null;
      if (shopper) showError(form, shopper);
      else {
        // A fault, not the shopper's doing: logged in the client's words (spec §8), and offered again.
        console.error('add to cart failed:', error instanceof Error ? error.message : error);
        showError(form, failedText(form), form.closest<HTMLElement>('[data-retry]')?.dataset.retry);
      }
    }
  } catch (error) {
    // The store could not load (offline, a new deploy): the plain form still works.
    console.error('cart store failed to load', error);
    undoCount();
    form.submit();
  } finally {
    form.removeAttribute('aria-busy');
    if (button) button.disabled = false;
  }
}

/** What to say when adding failed: the form's own text (product page), else its grid's (list cards). */
function failedText(form: HTMLFormElement): string {
  return form.closest<HTMLElement>('[data-failed]')?.dataset.failed ?? '';
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches(ADD_TO_CART_FORM)) return;
  const data = new FormData(form);
  const hasSizes = form.querySelector('input[type="radio"][name="skuId"]') !== null;
  const quantityField = form.querySelector<HTMLInputElement>('input[name="quantity"]');
  const request = readAddRequest(
    { skuId: data.get('skuId'), quantity: data.get('quantity') },
    hasSizes,
    Number(quantityField?.max) || 1,
  );
  if (!request.ok && request.reason === 'no-sku') return; // let the server work it out
  event.preventDefault();
  if (form.getAttribute('aria-busy') === 'true') return;
  if (!request.ok) {
    const message = request.reason === 'size-required' ? form.dataset.sizeRequired : form.dataset.invalidQuantity;
    showError(form, message ?? failedText(form));
    if (request.reason === 'size-required')
      form.querySelector<HTMLInputElement>('input[type="radio"][name="skuId"]:not(:disabled)')?.focus();
    return;
  }
  void submitToStore(form, request);
}

function preload(event: Event): void {
  if ((event.target as Element | null)?.closest?.(ADD_TO_CART_FORM)) void loadStore();
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
    if (form?.matches(ADD_TO_CART_FORM) && input?.name === 'skuId') clearError(form);
  });
}
