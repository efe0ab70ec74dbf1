/**
 * What a page shows live (issue 28): a hidden element naming the live room the page subscribes to, the
 * variables of its subscription (core/live/subscriptions.ts), the state the page was rendered with and, for a
 * private room, the page's live token. The page script opens the socket while the page is visible
 * (client/browser/live.ts); when an answer's state differs, it renders the page's `data-live-region` parts
 * anew. Nothing is rendered where nothing is live (a remote API without a subscription endpoint).
 */
import type { LiveRoomKind } from '../../../core/live/subscriptions';
import { useShop } from './ShopContext';

export function LiveSubject({
  kind,
  subject,
  variables,
  state,
  token,
}: {
  kind: LiveRoomKind;
  /** The room's subject: a product id, or a private room's opaque name. */
  subject: string;
  variables: Record<string, unknown>;
  state: string;
  token?: string;
}) {
  const { live } = useShop();
  if (!live) return null;
  const url = live.endpoint === 'built-in' ? `/graphql/live/${kind}/${subject}` : live.endpoint;
  return (
    <div
      hidden
      data-live-kind={kind}
      data-live-url={url}
      data-live-variables={JSON.stringify(variables)}
      data-live-state={state}
      {...(token ? { 'data-live-token': token } : {})}
    />
  );
}
