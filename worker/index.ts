/** The worker's entry: the storefront app, and the scheduled sweep of unpaid orders (wrangler.toml crons). */
import { createApp } from './app';
import { sweepUnpaidOrders } from './payments/sweep';
import { sweepThrottle } from './commerce/customers/throttle';

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    const now = new Date(controller.scheduledTime);
    ctx.waitUntil(sweepUnpaidOrders(env, now));
    ctx.waitUntil(sweepThrottle(env.DB, now));
  },
} satisfies ExportedHandler<Env>;
