// Spec §8, "Markets fetch failure: warning, fallback data": when the channel and its markets cannot be
// read, pages answer with the last known channel (this isolate's copy, else KV's, else one built from
// configuration) and a warning is logged, instead of every page being the error page.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { createApp } from '../../worker/app';
import { env, withCharacters } from '../helpers';

const app = createApp();
const KEPT_KEY = 'last-known-channel:1|se';

/**
 * The test's own database under a binding no earlier request used, so nothing of the channel is
 * remembered for it yet (the isolate keeps a read for a minute, and its last known copy, per binding).
 */
function freshBinding(): D1Database {
  return new Proxy(env.DB, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function get(path: string, db: D1Database, vars: Record<string, string> = {}) {
  const context = createExecutionContext();
  const response = await app.fetch(new Request(`http://127.0.0.1${path}`), { ...env, ...vars, DB: db }, context);
  const html = await response.text();
  await waitOnExecutionContext(context);
  return { status: response.status, html };
}

/** Runs `read` while the channel table cannot be read (every read of it fails: "no such table"). */
async function withChannelUnreadable<T>(read: () => Promise<T>): Promise<T> {
  await env.DB.exec('ALTER TABLE channels RENAME TO channels_unreadable');
  try {
    return await read();
  } finally {
    await env.DB.exec('ALTER TABLE channels_unreadable RENAME TO channels');
  }
}

function warnings(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.map((call) => String(call[0]));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a channel that cannot be read', () => {
  test('pages answer with the channel this isolate last read, and a warning is logged', async () => {
    const db = freshBinding();
    expect((await get('/', db)).status).toBe(200);
    // A minute later the isolate reads the channel again (it keeps a read for a minute).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const page = await withChannelUnreadable(() => get('/', db));

    expect(page.status).toBe(200);
    // The shop, with its markets to choose from and prices in kronor.
    expect(page.html).toContain('Kontorsgiganten');
    expect(page.html).toContain('Danmark');
    expect(page.html).toContain('Finland');
    expect(page.html).toMatch(/\d\skr</);
    expect(page.html).not.toContain('Oj, något gick visst fel');
    expect(warnings(warn)).toContain("channel 1|se could not be read; answering with this isolate's last read:");
  });

  test('an isolate that never read it answers with the copy kept in KV', async () => {
    expect((await get('/', freshBinding())).status).toBe(200);
    const kept = await env.GRAPHQL_CACHE.get<{ markets: { alias: string }[] }>(KEPT_KEY, 'json');
    expect(kept?.markets.map((market) => market.alias)).toEqual(['se', 'dk', 'no', 'fi']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const page = await withChannelUnreadable(() => get('/en', freshBinding()));

    expect(page.status).toBe(200);
    expect(page.html).toContain('Denmark');
    expect(warnings(warn)).toContain("channel 1|se could not be read; answering with KV's last known copy:");
  });

  test('with no copy anywhere, the channel built from configuration (its fallback market first)', async () => {
    await env.GRAPHQL_CACHE.delete(KEPT_KEY);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const page = await withChannelUnreadable(() => get('/', freshBinding(), { FALLBACK_MARKET_ALIAS: 'fi' }));

    expect(page.status).toBe(200);
    expect(page.html).toContain('Kontorsgiganten');
    expect(page.html).toContain('Sverige');
    // A visitor with no market cookie and no country is in the fallback market: Finland, in euro.
    expect(withCharacters(page.html)).toMatch(/\d\s€/);
    expect(warnings(warn)).toContain(
      'channel 1|se could not be read; answering with the configuration (CHANNEL_ID, FALLBACK_MARKET_ALIAS):',
    );
  });
});
