/**
 * Markup put in with innerHTML runs no script (issue 26: a provider's external checkout the island puts on
 * the page after a change of choice): each of its scripts is made again, with this page's CSP nonce,
 * which the policy asks of every script. Loaded only with the section that shows a provider's checkout.
 */

/** This page's nonce, as its own scripts carry it (the attribute reads empty; the property keeps it). */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

/**
 * Runs the scripts of markup just put into `container` in their order, as the parser would have: a
 * script file that is not async is loaded (or failed) before the scripts after it run, so a provider's
 * loader is there for the inline script that starts it.
 */
export async function runProviderScripts(container: HTMLElement): Promise<void> {
  const nonce = pageNonce();
  for (const inert of Array.from(container.getElementsByTagName('script'))) {
    const script = document.createElement('script');
    for (const attribute of Array.from(inert.attributes)) script.setAttribute(attribute.name, attribute.value);
    script.nonce = nonce;
    script.text = inert.text;
    const waitFor = inert.src && !inert.async && !inert.defer;
    // A created script is async unless told otherwise.
    if (inert.src) script.async = inert.async;
    const loaded = waitFor
      ? new Promise<void>((resolve) => {
          script.addEventListener('load', () => resolve(), { once: true });
          script.addEventListener('error', () => resolve(), { once: true });
        })
      : null;
    inert.replaceWith(script);
    if (loaded) await loaded;
  }
}
