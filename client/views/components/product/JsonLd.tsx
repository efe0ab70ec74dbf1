/** schema.org structured data in a `<script type="application/ld+json">` with the response's CSP nonce. */
import { useContext } from 'react';
import { NonceContext, serializeProps } from '../Island';

export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useContext(NonceContext);
  // serializeProps escapes '<', '>' and line separators: no '</script>' in a product text can end it early.
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeProps(data) }} />;
}
