/**
 * The provider's checkout in place of our address form and 'Slutför köp' (issue 26, Geins' contract; the
 * reference client's CaCheckoutExternal): the snippet the API gave for the chosen payment option, which
 * takes the address and the payment and sends the shopper to the confirmation page. The server's page
 * has it with this response's nonce on its scripts, which the browser runs as it parses the page; markup
 * the island puts in later has its scripts made again (client/browser/external-checkout.ts). Without
 * JavaScript, 'Uppdatera val' saves another choice of carrier or payment.
 */
import { useEffect, useRef } from 'react';
import type { ExternalCheckout as External } from '../../../../core/checkout/choices';
import type { CheckoutText } from '../../../../core/checkout/text';
import { runProviderScripts } from '../../../browser/external-checkout';

export const EXTERNAL_SECTION_ID = 'checkout-external';

function ProviderMarkup({ snippet, fromServer }: { snippet: string; fromServer: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // The page's own markup ran as the browser parsed it: only markup put in afterwards needs its scripts run.
  const parsed = useRef(fromServer);
  useEffect(() => {
    if (parsed.current) {
      parsed.current = false;
      return;
    }
    if (ref.current) runProviderScripts(ref.current);
  }, [snippet]);
  return <div ref={ref} className="checkout-external__provider" dangerouslySetInnerHTML={{ __html: snippet }} />;
}

export function ExternalCheckoutSection({
  external,
  text,
  enhanced,
}: {
  external: External;
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
      <ProviderMarkup snippet={external.snippet} fromServer={!enhanced} />
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
