import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { Hono } from 'hono';
import { createApp } from '../../worker/app';
import type { AppEnv } from '../../worker/app-env';
import { marketSelection } from '../../worker/middleware/market';
import { configuration } from '../../worker/middleware/config';
import { localeSelection } from '../../worker/middleware/locale';
import { env, fetchWorker, withCharacters } from '../helpers';
import { createCustomer } from './factories';
import { cartMarket, cartScope } from '../../worker/session/market';

const app = createApp();

/** A request to the app with markets in the path (MARKET_IN_PATH on). */
function withMarketInPath(path: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(app.request(path, init, { ...env, MARKET_IN_PATH: 'true' }, createExecutionContext()));
}

/** The Set-Cookie header of `name`, or undefined. */
function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

describe('markets in the path: the rewrite rules of spec §2 keep the query', () => {
  test('an unknown market alias becomes the fallback market alias', async () => {
    const response = await withMarketInPath('/xx/en/checkout?step=2');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/se/en/checkout?step=2');
  });

  test('a swapped /{locale}/{market} becomes /{market}/{locale}', async () => {
    const response = await withMarketInPath('/en/dk/my-account/orders?page=3');
    expect(response.headers.get('Location')).toBe('/dk/en/my-account/orders?page=3');
  });

  test('a path without a market gets the current market prefixed, with its locale from the route table', async () => {
    expect((await withMarketInPath('/kassan?a=1')).headers.get('Location')).toBe('/se/sv/kassan?a=1');
    expect((await withMarketInPath('/en/checkout?a=1')).headers.get('Location')).toBe('/se/en/checkout?a=1');
    const fromCookie = await withMarketInPath('/en/checkout?a=1', { headers: { Cookie: 'ralph-selected-market=no' } });
    expect(fromCookie.headers.get('Location')).toBe('/no/en/checkout?a=1');
  });

  test('the bare root goes to the current market in its default language', async () => {
    const response = await withMarketInPath('/?utm_source=x', { headers: { 'CF-IPCountry': 'FI' } });
    expect(response.headers.get('Location')).toBe('/fi/fi?utm_source=x');
  });

  test('a locale the market does not allow becomes its default language, on the same page', async () => {
    // Denmark allows da and en (seed): Swedish checkout in Denmark is the Danish checkout.
    expect((await withMarketInPath('/dk/sv/kassan?x=y')).headers.get('Location')).toBe('/dk/da/kassen?x=y');
    expect((await withMarketInPath('/dk/fi/p/pen')).headers.get('Location')).toBe('/dk/da/p/pen');
  });

  test('a path already in the right form is served in its market, language and currency', async () => {
    const response = await withMarketInPath('/fi/fi');
    expect(response.status).toBe(200);
    const body = withCharacters(await response.text());
    expect(body).toContain('<html lang="fi">');
    expect(body).toMatch(/\d\u00a0€/);
    expect(setCookie(response, 'ralph-selected-market')).toMatch(/^ralph-selected-market=fi;/);
    const swedish = await withMarketInPath('/se/sv');
    expect(swedish.status).toBe(200);
    expect(await swedish.text()).toContain('<html lang="sv">');
  });

  test("a customer's page of my pages under a market prefix answers in the prefix's language", async () => {
    const { token } = await createCustomer();
    const response = await withMarketInPath('/se/en/my-account/settings', {
      headers: { Cookie: `ralph-auth=${token}` },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('>Settings</h1>');
  });

  test('APIs never get a market prefix', async () => {
    const response = await withMarketInPath('/api/health');
    expect(response.status).toBe(200);
  });
});

describe('market from the visitor (markets not in the path)', () => {
  test('request.cf.country picks the market when there is no cookie', async () => {
    const request = new Request('http://127.0.0.1/', { headers: { 'CF-IPCountry': 'NO' } });
    Object.defineProperty(request, 'cf', { value: { country: 'FI' } });
    const response = await app.request(request, undefined, env, createExecutionContext());
    expect(withCharacters(await response.text())).toContain('Fri frakt över 49\u00a0€');
    expect(setCookie(response, 'ralph-selected-market')).toMatch(/^ralph-selected-market=fi;/);
  });

  test('the CF-IPCountry header picks the market without request.cf', async () => {
    const response = await fetchWorker('/', { headers: { 'CF-IPCountry': 'NO' } });
    expect(await response.text()).toContain('Fri frakt över 599\u00a0kr');
    expect(setCookie(response, 'ralph-checkout-market')).toMatch(/^ralph-checkout-market=no;/);
  });

  test('market cookies live 31,536,000 s on path /', async () => {
    const response = await fetchWorker('/', { headers: { 'CF-IPCountry': 'DK' } });
    for (const name of ['ralph-selected-market', 'ralph-checkout-market']) {
      const cookie = setCookie(response, name);
      expect(cookie).toMatch(new RegExp(`^${name}=dk;`));
      expect(cookie).toContain('Max-Age=31536000');
      expect(cookie).toContain('Path=/');
    }
  });
});

describe('changing the market', () => {
  test('a plain link sets both market cookies and reloads the page in the new currency', async () => {
    const response = await fetchWorker('/api/market?alias=fi&redirect=%2Fen%3Fx%3D1', { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/en?x=1');
    expect(setCookie(response, 'ralph-selected-market')).toMatch(/^ralph-selected-market=fi;.*Max-Age=31536000/);
    expect(setCookie(response, 'ralph-checkout-market')).toMatch(/^ralph-checkout-market=fi;.*Max-Age=31536000/);
    const page = await fetchWorker('/en?x=1', {
      headers: { Cookie: 'ralph-selected-market=fi; ralph-checkout-market=fi' },
    });
    expect(withCharacters(await page.text())).toContain('Free shipping above €49');
  });

  test('a form post without JavaScript does the same', async () => {
    const response = await fetchWorker('/api/market', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://127.0.0.1' },
      body: 'alias=dk&redirect=%2Fkassan',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/kassan');
    expect(setCookie(response, 'ralph-checkout-market')).toMatch(/^ralph-checkout-market=dk;/);
  });

  test('with markets in the path the redirect moves to the new market and a language it allows', async () => {
    const response = await withMarketInPath('/api/market?alias=dk&redirect=/se/sv/kassan');
    expect(response.headers.get('Location')).toBe('/dk/da/kassen');
  });

  test('an unknown market or a redirect off the site is refused and stores nothing', async () => {
    for (const query of [
      'alias=zz&redirect=/',
      'alias=fi&redirect=//evil.example',
      'alias=fi&redirect=https://evil.example',
      'alias=fi&redirect=/\\evil.example',
    ]) {
      const response = await fetchWorker(`/api/market?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('ralph-selected-market=fi'))).toBe(
        false,
      );
    }
  });
});

describe('the checkout market', () => {
  const probe = new Hono<AppEnv>();
  probe.use(configuration(), marketSelection(), localeSelection());
  probe.get('*', (c) =>
    c.json({
      route: c.var.route?.name ?? null,
      market: c.var.market.alias,
      cart: cartMarket(c).alias,
      external: cartScope(c).allowExternalShippingFee,
    }),
  );
  const cookies = { headers: { Cookie: 'ralph-selected-market=se; ralph-checkout-market=no' } };

  test('routes whose name contains checkout use the checkout market for the cart, others the current market', async () => {
    const checkout = await probe.request('/en/checkout', cookies, env);
    expect(await checkout.json()).toEqual({ route: 'checkout___en', market: 'se', cart: 'no', external: true });
    const confirm = await probe.request('/checkout/confirm', cookies, env);
    expect(await confirm.json()).toEqual({ route: 'checkout-confirm___sv', market: 'se', cart: 'no', external: true });
    const brands = await probe.request('/varumarken', cookies, env);
    expect(await brands.json()).toEqual({ route: 'brands___sv', market: 'se', cart: 'se', external: false });
  });
});
