/**
 * A GA4 ecommerce event the page sends when it opens (such as the checkout's begin_checkout, spec §7):
 * JSON the page script pushes to the data layer with the page's own events (client/browser/analytics.ts),
 * so no island has to wake for it.
 */
import { useContext } from 'react';
import { NonceContext, serializeProps } from './Island';

export function PageEvent({ name, ecommerce }: { name: string; ecommerce: Record<string, unknown> }) {
  const nonce = useContext(NonceContext);
  return (
    <script
      type="application/json"
      data-page-event={name}
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: serializeProps(ecommerce) }}
    />
  );
}
