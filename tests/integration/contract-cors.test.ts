// Issue 25, the Geins contract, another origin: the reference storefront may run on its own origin and
// call our API and auth endpoint from the shopper's browser. Every preflight was a 404. Now the origins a
// merchant lists in CORS_ORIGINS get CORS with credentials; every other origin gets nothing.
import { describe, expect, test } from 'vitest';
import { createApp } from '../../worker/app';
import { env } from '../helpers';

const app = createApp();
const RALPH = 'https://ralph.kontorsgiganten.se';
const shop = { ...env, CORS_ORIGINS: `${RALPH}, https://other.kontorsgiganten.se` };
const QUERY = JSON.stringify({ query: '{ channel(channelId: "1|se") { id } }' });

function preflight(path: string, origin: string, environment: object = shop) {
  return app.request(
    `http://127.0.0.1${path}`,
    {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-auth-refresh-token',
      },
    },
    environment,
  );
}

describe('CORS for the storefronts a merchant allows', () => {
  test('a preflight from an allowed origin is granted, with credentials, for the API and the auth endpoint', async () => {
    for (const path of ['/graphql', '/api/auth/login']) {
      const answer = await preflight(path, RALPH);
      expect(answer.status).toBe(204);
      expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(RALPH);
      expect(answer.headers.get('Access-Control-Allow-Credentials')).toBe('true');
      expect(answer.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('x-auth-refresh-token');
      expect(answer.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    }
  });

  test('any other origin, or a shop that lists none, gets no CORS headers', async () => {
    const stranger = await preflight('/graphql', 'https://evil.example');
    expect(stranger.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const none = await preflight('/graphql', RALPH, env);
    expect(none.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  test('the allowed storefront may post to /graphql with the shopper’s cookies; another site may not', async () => {
    const post = (origin: string) =>
      app.request(
        'http://127.0.0.1/graphql',
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Origin: origin,
            'Sec-Fetch-Site': 'cross-site',
            Cookie: 'ralph-cart=0123456789abcdef0123456789abcdef',
          },
          body: QUERY,
        },
        shop,
      );
    const allowed = await post(RALPH);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe(RALPH);
    expect(allowed.headers.get('Access-Control-Allow-Credentials')).toBe('true');
    const refused = await post('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  test('the refresh token header is readable by the allowed storefront’s script', async () => {
    const answer = await app.request(
      'http://127.0.0.1/api/auth/login',
      { headers: { Origin: RALPH, 'x-auth-refresh-token': 'f'.repeat(64) } },
      shop,
    );
    expect(answer.headers.get('Access-Control-Expose-Headers')?.toLowerCase()).toContain('x-auth-refresh-token');
  });

  test('a CORS_ORIGINS that is not a list of origins is a configuration error', async () => {
    const wrong = await app.request('http://127.0.0.1/', {}, { ...env, CORS_ORIGINS: 'https://a.example/path' });
    expect(wrong.status).toBe(500);
  });
});
