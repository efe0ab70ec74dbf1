/**
 * Renders a synchronous subtree to one HTML string and streams it as a single chunk. React's stream
 * encodes every small piece of markup separately, which made a 48-card grid cost about three times as
 * much CPU as the same markup rendered to a string. The subtree still sees the shop and nonce contexts
 * (islands inside work). Only for subtrees that never suspend.
 *
 * With a `cacheKey` that captures every input of the subtree (the header and footer: language, market,
 * customer type, menus, this page's path...), the string is also kept for the isolate's life, so the same
 * header is rendered once, not on every request. The response's nonce is put back into a kept string.
 */
import { useContext, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server.edge';
import { NonceContext } from './Island';
import { ShopContext } from './ShopContext';
import { Lru } from '../../../core/lru';
import { latin1Markup } from './html-string';

/** Kept strings, the least recently used dropped past 64. */
const KEPT = new Lru<string>(64);
/** Stands for the response's nonce inside a kept string. */
const NONCE_PLACEHOLDER = 'prerendered-nonce-placeholder';

export function Prerendered({
  children,
  className,
  cacheKey,
}: {
  children: ReactNode;
  className?: string;
  cacheKey?: string;
}) {
  const shop = useContext(ShopContext);
  const nonce = useContext(NonceContext);
  const render = (withNonce: string | undefined) =>
    renderToString(
      <NonceContext value={withNonce}>
        <ShopContext value={shop}>{children}</ShopContext>
      </NonceContext>,
    );
  let html: string;
  if (cacheKey === undefined) {
    html = render(nonce);
  } else {
    let kept = KEPT.get(cacheKey);
    if (kept === undefined) {
      kept = latin1Markup(render(NONCE_PLACEHOLDER));
      KEPT.set(cacheKey, kept);
    }
    html =
      nonce === undefined
        ? kept.replaceAll(` nonce="${NONCE_PLACEHOLDER}"`, '')
        : kept.replaceAll(NONCE_PLACEHOLDER, nonce);
  }
  return <div className={className ?? 'prerendered'} dangerouslySetInnerHTML={{ __html: html }} />;
}
