/**
 * The worker's entry: the storefront app, the mail Queue's consumer, and the scheduled sweeps of unpaid
 * orders and of mail whose queue message was lost (wrangler.toml queues and crons).
 */
import { createApp } from './app';
import { sweepUnpaidOrders } from './payments/sweep';
import { sweepThrottle } from './commerce/customers/throttle';
import { deliverMail } from './mail/consumer';
import { sweepOutbox } from './mail/sweep';
import { sweepOrderEventMails } from './mail/order-events';

const app = createApp();

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    await deliverMail(batch, env);
  },
  scheduled(controller, env, ctx) {
    const now = new Date(controller.scheduledTime);
    ctx.waitUntil(sweepUnpaidOrders(env, now));
    ctx.waitUntil(sweepThrottle(env.DB, now));
    ctx.waitUntil(sweepOutbox(env, now));
    ctx.waitUntil(sweepOrderEventMails(env, now));
  },
} satisfies ExportedHandler<Env>;
