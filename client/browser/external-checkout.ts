/**
 * The provider's side of an external checkout on our page (issue 26; the reference client's
 * CaCheckoutExternal): markup put in with innerHTML runs no script, so each of its scripts is made again
 * (with this page's CSP nonce, which the policy asks of every script); and while the shopper's choices
 * are saved the provider's frame waits (suspend), then reads the cart again (resume), as Klarna, Svea,
 * Walley and Avarda ask of a page that changes the order under their checkout.
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

/** This page's nonce, as its own scripts carry it (the attribute reads empty; the property keeps it). */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

/** Runs the scripts of markup just put into `container`, in their order, as the parser would have. */
export function runProviderScripts(container: HTMLElement): void {
  const nonce = pageNonce();
  for (const inert of Array.from(container.getElementsByTagName('script'))) {
    const script = document.createElement('script');
    for (const attribute of Array.from(inert.attributes)) script.setAttribute(attribute.name, attribute.value);
    script.nonce = nonce;
    // A created script is async unless told otherwise; the parser ran them in order.
    if (inert.src) script.async = inert.async;
    script.text = inert.text;
    inert.replaceWith(script);
  }
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
