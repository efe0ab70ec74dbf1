/**
 * The marker of the app's own request that renders a page to keep (worker/routes/page-cache.ts,
 * docs/decisions/015): a header whose value only this isolate knows, so no client can ask for it. Such a
 * render reads the catalog's prices and stock from D1 and notes the products it shows
 * (middleware/graphql-client.ts), which the kept page is then checked against on every view.
 */
import { LIVE_REFRESH_HEADER } from '../../core/live/subscriptions';

export const FILL_HEADER = 'x-html-cache-fill';

let fillSecret: string | undefined;
/** Made on first use: the runtime gives no random values at module scope. */
export const fillSecretValue = (): string => (fillSecret ??= crypto.randomUUID());

/**
 * Whether `request` is an open page's live parts asking for it anew after a change (client/browser/live.ts):
 * rendered now, not from a kept copy, with stock and prices read as a kept page's are (from D1, not the
 * response cache), so it shows the change it was told of.
 */
export function isLiveRefresh(request: Request): boolean {
  return request.headers.get(LIVE_REFRESH_HEADER) === '1';
}

/** Whether `request` is this isolate's render of a page to keep. */
export function isKeptPageFill(request: Request): boolean {
  return request.headers.get(FILL_HEADER) === fillSecretValue();
}
