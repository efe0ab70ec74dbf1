/**
 * The worker's entry: the storefront app, the mail and import Queues' consumers, and the scheduled sweeps of unpaid
 * orders and of mail whose queue message was lost (wrangler.toml queues and crons).
 */
import { createApp } from './app';
import { sweepUnpaidOrders } from './payments/sweep';
import { sweepThrottle } from './commerce/customers/throttle';
import { deliverMail } from './mail/consumer';
import { sweepOutbox } from './mail/sweep';
import { sweepOrderEventMails } from './mail/order-events';
import { applyImports, IMPORT_QUEUE_NAME } from './admin/import-consumer';

export { LiveRoom } from './live/live-room';

const app = createApp();

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    // Two queues: the back office's catalog imports, and the mail outbox.
    if (batch.queue === IMPORT_QUEUE_NAME) await applyImports(batch, env);
    else await deliverMail(batch, env);
  },
  scheduled(controller, env, ctx) {
    const now = new Date(controller.scheduledTime);
    ctx.waitUntil(sweepUnpaidOrders(env, now));
    ctx.waitUntil(sweepThrottle(env.DB, now));
    ctx.waitUntil(sweepOutbox(env, now));
    ctx.waitUntil(sweepOrderEventMails(env, now));
  },
} satisfies ExportedHandler<Env>;
