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
import { isDeeplyFrozen } from '../../../core/deep-freeze';

/** Serializations of deeply frozen values (they cannot change), for `contentKey`. */
const SERIALIZED = new WeakMap<object, string>();
/** A number per serialized content, for `contentKey`; started over past MAX_CONTENT_KEYS. */
const CONTENT_KEYS = new Map<string, number>();
const MAX_CONTENT_KEYS = 1000;
let nextContentKey = 0;

/**
 * A number for `value`'s content, the same for the same content, to stand for it in a `cacheKey`: a key
 * that held the menus' links as JSON was some 8 KB to serialize and to look up, twice per page. A value
 * that cannot change (core/deep-freeze.ts: the menus' links the chrome remembers) is serialized once.
 */
export function contentKey(value: object): number {
  const frozen = isDeeplyFrozen(value);
  let json = frozen ? SERIALIZED.get(value) : undefined;
  if (json === undefined) {
    json = JSON.stringify(value);
    if (frozen) SERIALIZED.set(value, json);
  }
  let key = CONTENT_KEYS.get(json);
  if (key === undefined) {
    if (CONTENT_KEYS.size >= MAX_CONTENT_KEYS) CONTENT_KEYS.clear();
    CONTENT_KEYS.set(json, (key = nextContentKey++));
  }
  return key;
}

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
