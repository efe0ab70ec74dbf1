/**
 * The provider's side of an external checkout on our page (issue 26; the reference client's
 * CaCheckoutExternal): while the shopper's choices are saved the provider's frame waits (suspend), then
 * reads the cart again (resume), as Klarna, Svea, Walley and Avarda ask of a page that changes the order
 * under their checkout; or, with new markup or a new session, it is made afresh. Running the scripts of
 * markup put in later is client/browser/provider-scripts.ts, loaded with the section that shows it.
 */

interface ProviderApi {
  suspend(): void;
  resume(): void;
}

/** What each provider's script puts on the window (their client-side APIs). */
type ProviderWindow = Window & {
  _klarnaCheckout?: (callback: (api: ProviderApi) => void) => void;
  scoApi?: { setCheckoutEnabled(enabled: boolean): void };
  walley?: { checkout?: { api?: ProviderApi } };
  collector?: { checkout?: { api?: ProviderApi } };
  avardaCheckout?: { refreshForm(): void };
};

/** What a shown provider's checkout needs once a save has answered. */
export interface ShownProvider {
  snippet: string;
  newSession: boolean;
}

/**
 * After a save answered `next` while `shown` was on the page (the reference client's rule): 'rebuild'
 * when the provider's markup is new or a new session starts (the checkout is made afresh), else
 * 'resume' (the same checkout goes on, reading the changed order). With no provider shown, nothing.
 */
export function providerStepAfterSave(
  shown: ShownProvider | null,
  next: ShownProvider | null,
): 'rebuild' | 'resume' | null {
  if (!shown) return null;
  if (!next) return null;
  return next.snippet !== shown.snippet || next.newSession ? 'rebuild' : 'resume';
}

function walleyApi(w: ProviderWindow): ProviderApi | undefined {
  return w.walley?.checkout?.api ?? w.collector?.checkout?.api;
}

/** Holds the provider's checkout while the page saves a change to the order. */
export function suspendProvider(type: string): void {
  const w = window as ProviderWindow;
  if (type === 'KLARNA') w._klarnaCheckout?.((api) => api.suspend());
  else if (type === 'SVEA') w.scoApi?.setCheckoutEnabled(false);
  else if (type === 'WALLEY') walleyApi(w)?.suspend();
}

/** Lets the provider's checkout go on, reading the changed order. */
export function resumeProvider(type: string): void {
  const w = window as ProviderWindow;
  if (type === 'KLARNA') w._klarnaCheckout?.((api) => api.resume());
  else if (type === 'SVEA') w.scoApi?.setCheckoutEnabled(true);
  else if (type === 'WALLEY') walleyApi(w)?.resume();
  else if (type === 'AVARDA') w.avardaCheckout?.refreshForm();
}
