/**
 * The one way a middleware changes the headers of an answer already made. Headers are changed in place
 * when they may be; only a fetched answer's immutable headers make a copy, and that copy is made from the
 * answer itself (`new Response(body, answer)`), which keeps its `encodeBody`: a kept page is sent already
 * gzipped (`encodeBody: 'manual'`, worker/render/kept-gzip.ts), and a copy from a plain init would have
 * the runtime gzip it a second time (docs/decisions/015-kept-pages.md).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

export function editAnswerHeaders(c: Context<AppEnv>, edit: (headers: Headers) => void): void {
  try {
    edit(c.res.headers);
    return;
  } catch {
    // Immutable headers (a fetched response): edited on a copy below.
  }
  const copy = new Response(c.res.body, c.res);
  edit(copy.headers);
  // Hono's `res` setter copies the old answer's headers over the new one; the old one is dropped first.
  (c as { res: Response | undefined }).res = undefined;
  c.res = copy;
}
