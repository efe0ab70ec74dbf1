/**
 * The cart panel's tools (in one module: each module of an island pays for its own React import in the
 * bundle):
 * - `cartFailure` and `CartErrorText`: a failed change as the panel shows it, the API's words or, for a
 *   fault, 'cart.failed' with 'Försök igen' (spec §8);
 * - `PromoCode` (spec §4): entered, then active with remove, each code on its own (a promo code and gift
 *   cards together: `activeCodes`), the field staying for the next; the API's errors of spec §8 ('Koden är
 *   ej giltig', 'Du har inte uppfyllt kraven för denna kod') under it.
 */
import { useId, useState, type FormEvent } from 'react';
import { activeCodes, type CartTranslate } from '../../views/components/cart/cart-display';
import type { ShopCart } from '../../../core/graphql/cart';
import { CartError, cartStore } from '../../store/cart-store';

/**
 * A change that failed, as the panel shows it: the API's words for the shopper ('Koden är ej giltig'), or
 * for a fault (spec §8, §11: the network, the API down) 'cart.failed' with `retry`, the same change again.
 */
export interface CartFailure {
  message: string;
  retry: (() => void) | null;
}

export function cartFailure(error: unknown, t: CartTranslate, again: () => void): CartFailure {
  const shopper = error instanceof CartError ? error.shopperMessage : null;
  if (shopper) return { message: shopper, retry: null };
  // A fault, not the shopper's doing: logged in the client's words (spec §8), and offered again.
  console.error('cart change failed:', error instanceof Error ? error.message : error);
  return { message: t('cart.failed'), retry: again };
}

/** A failure under a line, the code field or the panel's top: its text, and 'Försök igen' for a fault. */
export function CartErrorText({ id, failure, t }: { id?: string; failure: CartFailure; t: CartTranslate }) {
  return (
    <p id={id} className="cart-error" role="alert">
      {failure.message}
      {failure.retry && (
        <button type="button" className="retry-link" onClick={failure.retry}>
          {t('errors.tryAgain')}
        </button>
      )}
    </p>
  );
}

export function PromoCode({ cart, t }: { cart: ShopCart; t: CartTranslate }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CartFailure | null>(null);
  const inputId = useId();
  const errorId = useId();
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setCode('');
    } catch (failure) {
      setError(cartFailure(failure, t, () => void run(action)));
    } finally {
      setBusy(false);
    }
  };
  // The API's refusal or a fault, under the field or the remove button (one element for both).
  const errorText = error && <CartErrorText id={errorId} failure={error} t={t} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== '') void run(() => cartStore.applyPromoCode(code));
  };
  // A promo code and gift cards go together: each active one with its own remove, the field beside them.
  const active = activeCodes(cart, t);
  return (
    <div className={active.length > 0 ? 'promo-code promo-code--active' : 'promo-code'}>
      {active.map((entry) => (
        <div key={`${entry.kind}:${entry.code}`} className="promo-code__entry">
          <p className="promo-code__active" role="status">
            {entry.text}
          </p>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => void run(() => cartStore.removeCode(entry.code))}
          >
            {entry.remove}
            <span className="visually-hidden"> {entry.code}</span>
          </button>
        </div>
      ))}
      <form className="promo-code__form" onSubmit={submit}>
        <label className="promo-code__label" htmlFor={inputId}>
          {t('cart.promo.label')}
        </label>
        <div className="promo-code__row">
          <input
            id={inputId}
            className="promo-code__input"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" className="button button--ghost" disabled={busy}>
            {t('cart.promo.apply')}
          </button>
        </div>
      </form>
      {errorText}
    </div>
  );
}
