import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import type { AppEnv } from '../../worker/app-env';
import { configuration } from '../../worker/middleware/config';
import { env } from '../helpers';

function probe() {
  const app = new Hono<AppEnv>();
  app.use(configuration());
  app.get('/', (c) => c.json({ channelId: c.var.config.channelId, marketInPath: c.var.config.marketInPath }));
  app.onError((error) => new Response(error.message, { status: 500 }));
  return app;
}

describe('the config middleware', () => {
  test('sets the validated configuration for everything after it', async () => {
    const response = await probe().request('/', {}, env);
    expect(await response.json()).toEqual({ channelId: '1|se', marketInPath: false });
  });

  test('a wrong variable stops the request before any route, naming the variable', async () => {
    const response = await probe().request('/', {}, { ...env, CHANNEL_ID: 'se' });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Invalid worker configuration: CHANNEL_ID: CHANNEL_ID must look like "1|se"');
  });
});
