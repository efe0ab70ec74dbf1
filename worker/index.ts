/** The worker's entry: the storefront app. */
import { createApp } from './app';

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
