/**
 * CMS HTML (text widgets, content pages) cut down to an allowlist before the shop renders it (issue 12:
 * it was rendered as stored, so whoever could write content could run script in every shopper's
 * browser). The kept library `xss` (js-xss) parses and filters: allowed tags keep only their allowed
 * attributes, URLs in `href`/`src` only with http(s), mailto, tel or a relative path, every other tag is
 * dropped (its text kept), and script, style and frames go with their content. No DOM needed: it runs
 * the same in the worker as anywhere.
 */
import * as xssModule from 'xss';
import type { IWhiteList } from 'xss';
import { Lru } from '../../core/lru';

// xss is CommonJS: depending on the bundler its exports arrive as named exports or under `default`.
const { FilterXSS } = (xssModule as unknown as { default?: typeof xssModule }).default ?? xssModule;

const ALLOWED: IWhiteList = {
  p: [],
  br: [],
  hr: [],
  h2: [],
  h3: [],
  h4: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  small: [],
  blockquote: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height', 'loading'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['scope'],
  td: [],
  figure: [],
  figcaption: [],
};

const filter = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template'],
  allowCommentTag: false,
  css: false,
});

/**
 * Sanitized HTML by its source: the same few CMS texts are rendered on every view of the start page and
 * the content pages, so each is parsed once per isolate (the least recently used dropped past 200).
 */
const sanitized = new Lru<string>(200);

/** `html` with nothing but the allowlist above. */
export function sanitizeHtml(html: string): string {
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = filter.process(html);
    sanitized.set(html, clean);
  }
  return clean;
}
