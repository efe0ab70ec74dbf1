/**
 * The provider's checkout in place of our address form and 'Slutför köp' (issue 26, Geins' contract; the
 * reference client's CaCheckoutExternal): the snippet the API gave for the chosen payment option, which
 * takes the address and the payment and sends the shopper to the confirmation page. On the server's page
 * its scripts carry the response's nonce (NonceContext) and run as the browser parses the page; the
 * island's props keep the snippet as the API gave it (the nonce stays out of the page's text), and markup
 * the island puts in later has its scripts made again (client/browser/external-checkout.ts). Without
 * JavaScript, 'Uppdatera val' saves another choice of carrier or payment.
 */
import { useContext, useEffect, useRef } from 'react';
import type { ExternalCheckout as External } from '../../../../core/checkout/choices';
import type { CheckoutText } from '../../../../core/checkout/text';
import { noncedMarkup } from '../../../../core/provider-markup';
import { runProviderScripts } from '../../../browser/provider-scripts';
import { EXTERNAL_SECTION_ID } from './CheckoutOptions';
import { NonceContext } from '../Island';

function ProviderMarkup({ snippet, fromServer }: { snippet: string; fromServer: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const nonce = useContext(NonceContext);
  // The page's own markup ran as the browser parsed it: only markup put in afterwards needs its scripts run.
  const parsed = useRef(fromServer);
  useEffect(() => {
    if (parsed.current) {
      parsed.current = false;
      return;
    }
    if (ref.current) void runProviderScripts(ref.current);
  }, [snippet]);
  return (
    <div
      ref={ref}
      className="checkout-external__provider"
      dangerouslySetInnerHTML={{ __html: noncedMarkup(snippet, nonce) }}
    />
  );
}

export function ExternalCheckoutSection({
  external,
  session,
  text,
  enhanced,
}: {
  external: External;
  /** Changes when the provider's checkout is to start afresh with the same markup (a new session). */
  session: number;
  text: CheckoutText;
  /** True once the island runs: the no-JS button steps aside, and new markup has its scripts run. */
  enhanced: boolean;
}) {
  const titleId = `${EXTERNAL_SECTION_ID}-title`;
  return (
    <section
      className="checkout-section checkout-external"
      id={EXTERNAL_SECTION_ID}
      aria-labelledby={titleId}
      data-payment-type={external.type}
      tabIndex={-1}
    >
      <h2 className="checkout-section__title" id={titleId}>
        {text['checkout.externalTitle']}
      </h2>
      <ProviderMarkup key={session} snippet={external.snippet} fromServer={!enhanced} />
      <button
        className="button button--secondary checkout-external__change"
        type="submit"
        name="intent"
        value="save"
        hidden={enhanced}
      >
        {text['checkout.updateChoices']}
      </button>
    </section>
  );
}
