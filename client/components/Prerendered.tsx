/**
 * Renders a synchronous subtree to one HTML string and streams it as a single chunk. React's stream
 * encodes every small piece of markup separately, which made a 48-card grid cost about three times as
 * much CPU as the same markup rendered to a string; cards hold no Suspense, so nothing is lost by
 * rendering them at once. The subtree still sees the shop and nonce contexts (islands inside work).
 * Only for subtrees that never suspend.
 */
import { useContext, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server.edge';
import { NonceContext } from './Island';
import { ShopContext } from './ShopContext';

export function Prerendered({ children, className }: { children: ReactNode; className?: string }) {
  const shop = useContext(ShopContext);
  const nonce = useContext(NonceContext);
  const html = renderToString(
    <NonceContext value={nonce}>
      <ShopContext value={shop}>{children}</ShopContext>
    </NonceContext>,
  );
  return <div className={className ?? 'prerendered'} dangerouslySetInnerHTML={{ __html: html }} />;
}
