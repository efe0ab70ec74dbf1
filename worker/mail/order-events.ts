/**
 * Where the order mails (worker/commerce/mail/order-mails.ts) get what they need besides the order: the
 * mail Queue, the origin links point to, the shop's name and the withdrawal link key, from a request or,
 * in the scheduled sweep, from the deployment's configuration. A failure is logged, never thrown: the
 * event stays in D1 and the next sweep mails it.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { readConfig } from '../config';
import { queueOrderMails, sweepOrderMails, type OrderMailSetup } from '../commerce/mail/order-mails';
import { withdrawalLinkKey } from '../commerce/orders/withdrawal-link';
import { publicOrigin } from '../urls/request';

/** The setup of a request: its origin (PUBLIC_ORIGIN, else the request's) and channel; null without AUTH_SECRET. */
export async function orderMailSetupOf(c: Context<AppEnv>, now = new Date()): Promise<OrderMailSetup | null> {
  const secret = c.get('config').authSecret;
  if (!secret) return null;
  return {
    db: c.env.DB,
    queue: c.env.MAIL_QUEUE,
    origin: publicOrigin(c),
    shopName: c.get('channel').name,
    linkKey: await withdrawalLinkKey(secret),
    now,
  };
}

/** Queues the mails of order `orderId`'s new events (see order-mails.ts); never throws. */
export async function mailOrderEvents(setup: OrderMailSetup | null, orderId: number): Promise<void> {
  if (!setup) return;
  try {
    await queueOrderMails(setup, orderId);
  } catch (error) {
    console.error('order mails failed; the sweep tries again', JSON.stringify({ orderId }), error);
  }
}

/**
 * The scheduled run: mails of recent events that have none yet. Links need PUBLIC_ORIGIN (a sweep has no
 * request to take an origin from): without it the sweep leaves the mails to the requests.
 */
export async function sweepOrderEventMails(env: Env, now: Date): Promise<number[]> {
  const config = readConfig(env);
  if (!config.publicOrigin || !config.authSecret) return [];
  const channel = await env.DB.prepare('SELECT name FROM channels WHERE id = ?')
    .bind(config.channelId)
    .first<{ name: string }>();
  try {
    return await sweepOrderMails({
      db: env.DB,
      queue: env.MAIL_QUEUE,
      origin: config.publicOrigin,
      shopName: channel?.name ?? '',
      linkKey: await withdrawalLinkKey(config.authSecret),
      now,
    });
  } catch (error) {
    console.error('order mail sweep failed', error);
    return [];
  }
}

/**
 * After the answer (`waitUntil`), the mails of the order with public id `publicId`: the confirmation page
 * is where a card or Swish shopper lands once the payment is confirmed, so its confirmation mail goes out
 * then rather than at the next sweep (which still catches a shopper who never comes back).
 */
export function mailOrderEventsAfter(c: Context<AppEnv>, publicId: string): void {
  const work = (async () => {
    const order = await c.env.DB.prepare('SELECT id FROM orders WHERE public_id = ?')
      .bind(publicId)
      .first<{ id: number }>();
    if (order) await mailOrderEvents(await orderMailSetupOf(c), order.id);
  })().catch((error: unknown) => console.error('order mails failed', error));
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // no execution context (app.request() in tests): the work runs on by itself
  }
}
