/**
 * What an order mail needs from the back office (worker/commerce/mail/order-mails.ts): the queue, where
 * links point (PUBLIC_ORIGIN, else this request's origin), the shop's name (its channel's, from D1: /admin
 * runs before the shop's channel middleware) and the withdrawal link key. Null without AUTH_SECRET (no link
 * key): the scheduled sweep then mails the move once one is set.
 */
import type { OrderMailSetup } from '../commerce/mail/order-mails';
import { withdrawalLinkKey } from '../commerce/orders/withdrawal-link';
import type { AdminContext } from './context';

export async function adminMailSetup(c: AdminContext, now: Date): Promise<OrderMailSetup | null> {
  const { authSecret, publicOrigin, channelId } = c.var.config;
  if (!authSecret) return null;
  const channel = await c.env.DB.prepare('SELECT name FROM channels WHERE id = ?')
    .bind(channelId)
    .first<{ name: string }>();
  return {
    db: c.env.DB,
    queue: c.env.MAIL_QUEUE,
    origin: publicOrigin ?? new URL(c.req.url).origin,
    shopName: channel?.name ?? '',
    linkKey: await withdrawalLinkKey(authSecret),
    now,
  };
}
