/** The worker's entry: the storefront app, and the scheduled sweep of unpaid orders (wrangler.toml crons). */
import { createApp } from './app';
import { sweepUnpaidOrders } from './payments/sweep';

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(sweepUnpaidOrders(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>;
