// Google automated discounts at the edge (spec §5, §7, issue 4): the ?pv2 landing, /api/gad-prices and
// /api/gad-clear, the API honouring `x-prices`, and the structure check of the auth cookie. Tokens are
// signed here with a test ES256 key whose public half is the worker's GAD_PUBLIC_KEYS.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { createApp } from '../../worker/app';
import { formatMoney } from '../../worker/commerce/pricing/money';
import { env } from '../helpers';
import { referenceOperation } from '../operations';
import { standInApi } from './stand-in';
import { findSkus, getCartVariables, loggedInCustomer, PLAIN_SKU, CAMPAIGN_SKU, type SeedSku } from './cart-helpers';

const MERCHANT_ID = '140301646';
const app = createApp();
let privateKey: CryptoKey;
let otherPrivateKey: CryptoKey;
/** The test bindings with the public key and merchant id configured. */
let gadEnv: object;

/** A plain product (no campaign) in Sweden, with its sku ids and regular price in minor units. */
let plain: SeedSku & { articleNumber: string; skuIds: number[] };
/** Another plain product, to show a token names one product only. */
let other: SeedSku;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  otherPrivateKey = (await generateKeyPair('ES256', { extractable: true })).privateKey;
  const publicJwk = await exportJWK(pair.publicKey);
  gadEnv = { ...env, GAD_PUBLIC_KEYS: JSON.stringify({ keys: [publicJwk] }), GAD_MERCHANT_ID: MERCHANT_ID };
  const [first, second] = await findSkus(PLAIN_SKU, { limit: 2, offset: 3 });
  const product = await env.DB.prepare('SELECT article_number FROM products WHERE id = ?')
    .bind(first!.productId)
    .first<{ article_number: string }>();
  const skus = await env.DB.prepare('SELECT id FROM skus WHERE product_id = ? ORDER BY id')
    .bind(first!.productId)
    .all<{ id: number }>();
  plain = { ...first!, articleNumber: product!.article_number, skuIds: skus.results.map((row) => row.id) };
  other = second!.productId === first!.productId ? (await findSkus(PLAIN_SKU, { limit: 1, offset: 40 }))[0]! : second!;
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** 80 % of the plain product's regular price, in major units with two decimals, as Google sends `p`. */
function discountedPrice(regularMinor: number): number {
  return Math.round(regularMinor * 0.8) / 100;
}

interface TokenOptions {
  claims?: JWTPayload;
  key?: CryptoKey;
  expiresIn?: string | number;
}

/** A token as Google signs it: ES256, `typ: JWT`, claims exp, m, o, c, p. */
function priceToken({ claims = {}, key = privateKey, expiresIn = '2h' }: TokenOptions = {}): Promise<string> {
  return new SignJWT({
    m: MERCHANT_ID,
    o: String(plain.productId),
    c: 'SEK',
    p: discountedPrice(plain.price),
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setExpirationTime(expiresIn)
    .sign(key);
}

function request(path: string, init: RequestInit = {}) {
  return app.request(path, init, gadEnv);
}

function postPrices(
  token: string | undefined,
  body: unknown = { product: { productId: plain.productId, skus: [] } },
  headers: Record<string, string> = {},
) {
  return request('http://localhost/api/gad-prices', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: 'http://localhost',
      ...(token === undefined ? {} : { Cookie: `ralph-gad=${token}` }),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

describe('landing with ?pv2', () => {
  test('a well-formed token is stored in the httpOnly ralph-gad cookie for 48 hours and the URL is cleaned', async () => {
    const token = await priceToken();
    const response = await request(`http://localhost/?utm_source=google&pv2=${token}&gclid=a%2Bb`);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/?utm_source=google&gclid=a%2Bb');
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('ralph-gad='));
    expect(cookie).toBe(`ralph-gad=${token}; Max-Age=172800; Path=/; HttpOnly; SameSite=Lax`);
  });

  test('on https the cookie is Secure, and a landing without other parameters goes to the bare path', async () => {
    const token = await priceToken();
    const response = await request(`https://shop.example/p/pennor?pv2=${token}`);
    expect(response.headers.get('Location')).toBe('/p/pennor');
    expect(response.headers.getSetCookie().join()).toMatch(
      /ralph-gad=[^;]+; Max-Age=172800; Path=\/; HttpOnly; Secure; SameSite=Lax/,
    );
  });

  test('a malformed token is logged and dropped: redirect to the clean URL, no cookie', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await request('http://localhost/en?pv2=only.two&sort=latest');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/en?sort=latest');
    expect(response.headers.getSetCookie().join()).not.toContain('ralph-gad');
    expect(warn).toHaveBeenCalledWith('Invalid JWT token structure');
  });
});

describe('POST /api/gad-prices', () => {
  test('a valid token gives the price of every sku of the product, with the token to send as x-prices', async () => {
    const token = await priceToken();
    const response = await postPrices(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      jwtToken: token,
      prices: plain.skuIds.map((skuId) => ({ skuId, productId: plain.productId, price: discountedPrice(plain.price) })),
    });
  });

  test('in front of a remote API the product is the API’s (issue 26): the storefront keeps no catalog', async () => {
    const api = standInApi('https://gad.stand-in.test');
    try {
      const token = await priceToken();
      const response = await app.request(
        'http://localhost/api/gad-prices',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'http://localhost', Cookie: `ralph-gad=${token}` },
          body: JSON.stringify({ product: { productId: plain.productId, skus: [] } }),
        },
        {
          ...gadEnv,
          GRAPHQL_ENDPOINT: 'https://gad.stand-in.test/graphql',
          GRAPHQL_API_KEY: 'stand-in-key-0123456789',
        },
      );
      expect(await response.json()).toEqual({
        success: true,
        jwtToken: token,
        prices: plain.skuIds.map((skuId) => ({
          skuId,
          productId: plain.productId,
          price: discountedPrice(plain.price),
        })),
      });
      expect(api.state.calls.some((call) => call.body.includes('"operationName":"gadProduct"'))).toBe(true);
    } finally {
      api.stop();
    }
  });

  test('the offer id may be the product article number, and skus asked for narrow the prices', async () => {
    const token = await priceToken({ claims: { o: plain.articleNumber } });
    const body = { product: { productId: plain.productId, skus: [{ skuId: plain.id }, 999_999_999] } };
    const answer = (await (await postPrices(token, body)).json()) as { success: boolean; prices: { skuId: number }[] };
    expect(answer.success).toBe(true);
    expect(answer.prices.map((price) => price.skuId)).toEqual([plain.id]);
  });

  test.each([
    ['format', 'abc$def.ghi.jkl', 'Invalid JWT token format attempted'],
    ['structure', 'abc..def', 'Invalid JWT token structure'],
    ['encoding', 'abc.def.ghi', 'Invalid JWT token encoding'],
  ])('a token with a bad %s is logged and refused with 400', async (_kind, token, message) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await postPrices(token);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false });
    expect(warn).toHaveBeenCalledWith(message);
  });

  test('without a cookie the answer is success false', async () => {
    const response = await postPrices(undefined);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: false });
  });

  test('forged, HS256, expired, wrong-merchant, wrong-product and wrong-currency tokens are refused', async () => {
    const hs256 = await new SignJWT({ m: MERCHANT_ID, o: String(plain.productId), c: 'SEK', p: 1 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('2h')
      .sign(new TextEncoder().encode('a-shared-secret-someone-guessed-0123456789'));
    const refused = {
      forged: await priceToken({ key: otherPrivateKey }),
      hs256,
      expired: await priceToken({ expiresIn: Math.floor(Date.now() / 1000) - 60 }),
      wrongMerchant: await priceToken({ claims: { m: '999' } }),
      wrongProduct: await priceToken({ claims: { o: String(other.productId) } }),
      wrongCurrency: await priceToken({ claims: { c: 'EUR' } }),
    };
    for (const [kind, token] of Object.entries(refused)) {
      const response = await postPrices(token);
      expect({ kind, status: response.status, body: await response.json() }).toEqual({
        kind,
        status: 200,
        body: { success: false },
      });
    }
  });

  test('the currency must be the visitor market currency: a euro token counts in Finland', async () => {
    const token = await priceToken({ claims: { c: 'EUR', p: 9.95 } });
    const response = await postPrices(token, undefined, { Cookie: `ralph-gad=${token}; ralph-selected-market=fi` });
    const answer = (await response.json()) as { success: boolean; prices: { price: number }[] };
    expect(answer.success).toBe(true);
    expect(answer.prices[0]!.price).toBe(9.95);
  });

  test('a body without a product id is refused with 400', async () => {
    const response = await postPrices(await priceToken(), { product: { skus: [] } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false });
  });

  test('a cross-origin POST is refused', async () => {
    const response = await postPrices(await priceToken(), undefined, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ success: false });
  });
});

describe('DELETE /api/gad-clear', () => {
  test('forgets the token and answers success', async () => {
    const response = await request('http://localhost/api/gad-clear', {
      method: 'DELETE',
      headers: { Origin: 'http://localhost', Cookie: `ralph-gad=${await priceToken()}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(response.headers.getSetCookie().join()).toMatch(/ralph-gad=; Max-Age=0; Path=\//);
  });

  test('from another site it is refused and nothing is cleared', async () => {
    const response = await request('http://localhost/api/gad-clear', {
      method: 'DELETE',
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().join()).not.toContain('ralph-gad');
  });
});

const PRODUCT_PRICE = /* GraphQL */ `
  query gadProductPrice($productId: Int, $marketId: String) {
    product(productId: $productId, marketId: $marketId) {
      productId
      discountType
      unitPrice {
        sellingPriceIncVat
        regularPriceIncVat
        isDiscounted
      }
    }
  }
`;

async function graphqlAt(query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await request('http://localhost/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { cache: response.headers.get('X-Cache'), body: (await response.json()) as { data: Record<string, any> } };
}

describe('the API honours a validated price sent as x-prices', () => {
  test('the product gets the validated price, other products do not, and the cache is bypassed', async () => {
    const token = await priceToken();
    const variables = { productId: plain.productId, marketId: 'se' };
    await graphqlAt(PRODUCT_PRICE, variables);
    const cached = await graphqlAt(PRODUCT_PRICE, variables);
    expect(cached.cache).toBe('HIT');

    const validated = await graphqlAt(PRODUCT_PRICE, variables, { 'x-prices': token });
    expect(validated.cache).toBe('BYPASS');
    expect(validated.body.data.product).toEqual({
      productId: plain.productId,
      discountType: 'PRICE_CAMPAIGN',
      unitPrice: {
        sellingPriceIncVat: discountedPrice(plain.price),
        regularPriceIncVat: plain.price / 100,
        isDiscounted: true,
      },
    });

    const otherProduct = await graphqlAt(
      PRODUCT_PRICE,
      { productId: other.productId, marketId: 'se' },
      { 'x-prices': token },
    );
    expect(otherProduct.body.data.product.unitPrice.sellingPriceIncVat).toBe(other.price / 100);

    const afterwards = await graphqlAt(PRODUCT_PRICE, variables);
    expect(afterwards.cache).toBe('HIT');
    expect(afterwards.body.data.product.unitPrice.sellingPriceIncVat).toBe(plain.price / 100);
  });

  test('in another market (another currency) the token changes nothing', async () => {
    const validated = await graphqlAt(
      PRODUCT_PRICE,
      { productId: plain.productId, marketId: 'fi' },
      { 'x-prices': await priceToken() },
    );
    expect(validated.body.data.product.unitPrice.isDiscounted).toBe(false);
  });

  test('a forged x-prices token changes nothing', async () => {
    const forged = await priceToken({ key: otherPrivateKey });
    const answer = await graphqlAt(
      PRODUCT_PRICE,
      { productId: plain.productId, marketId: 'se' },
      { 'x-prices': forged },
    );
    expect(answer.body.data.product.unitPrice.sellingPriceIncVat).toBe(plain.price / 100);
  });

  test('a validated price above the campaign price is not used', async () => {
    const [campaign] = await findSkus(CAMPAIGN_SKU);
    const regular = await graphqlAt(PRODUCT_PRICE, { productId: campaign!.productId, marketId: 'se' });
    const campaignPrice = regular.body.data.product.unitPrice.sellingPriceIncVat as number;
    const token = await priceToken({ claims: { o: String(campaign!.productId), p: campaignPrice + 1 } });
    const answer = await graphqlAt(
      PRODUCT_PRICE,
      { productId: campaign!.productId, marketId: 'se' },
      { 'x-prices': token },
    );
    expect(answer.body.data.product.unitPrice.sellingPriceIncVat).toBe(campaignPrice);
  });

  test('a token expired an hour ago still holds in the cart (48 h) but no longer on the product page (30 min)', async () => {
    const token = await priceToken({ expiresIn: Math.floor(Date.now() / 1000) - 3600 });
    const product = await graphqlAt(
      PRODUCT_PRICE,
      { productId: plain.productId, marketId: 'se' },
      { 'x-prices': token },
    );
    expect(product.body.data.product.unitPrice.sellingPriceIncVat).toBe(plain.price / 100);

    const created = await graphqlAt(referenceOperation('cart/get.graphql'), getCartVariables(''));
    const added = await graphqlAt(
      referenceOperation('cart/add.graphql'),
      {
        id: created.body.data.getCart.id,
        item: { skuId: plain.id, quantity: 1 },
        allowExternalShippingFee: false,
        channelId: '1|se',
        languageId: 'sv-SE',
        marketId: 'se',
      },
      { 'x-prices': token },
    );
    expect(added.body.data.addToCart.items[0].unitPrice.sellingPriceIncVat).toBe(discountedPrice(plain.price));
  });

  test('the cart prices the product at the validated price, and only with the token', async () => {
    const token = await priceToken();
    const created = await graphqlAt(referenceOperation('cart/get.graphql'), getCartVariables(''));
    const id = created.body.data.getCart.id as string;
    const added = await graphqlAt(
      referenceOperation('cart/add.graphql'),
      {
        id,
        item: { skuId: plain.id, quantity: 2 },
        allowExternalShippingFee: false,
        channelId: '1|se',
        languageId: 'sv-SE',
        marketId: 'se',
      },
      { 'x-prices': token },
    );
    const cart = added.body.data.addToCart;
    const unit = discountedPrice(plain.price);
    expect(cart.items[0].unitPrice.sellingPriceIncVat).toBe(unit);
    expect(cart.items[0].unitPrice.regularPriceIncVat).toBe(plain.price / 100);
    expect(cart.items[0].totalPrice.sellingPriceIncVat).toBe(Math.round(unit * 200) / 100);
    expect(cart.items[0].product.unitPrice.sellingPriceIncVat).toBe(unit);
    expect(cart.summary.subTotal.sellingPriceIncVat).toBe(Math.round(unit * 200) / 100);

    const withoutToken = await graphqlAt(referenceOperation('cart/get.graphql'), getCartVariables(id));
    expect(withoutToken.body.data.getCart.items[0].unitPrice.sellingPriceIncVat).toBe(plain.price / 100);
  });
});

describe('pages rendered with the ralph-gad cookie', () => {
  test('the start page shows the validated price of the newest product', async () => {
    const newest = await env.DB.prepare(
      `SELECT p.id, pr.regular_inc_vat FROM products p JOIN prices pr ON pr.product_id = p.id AND pr.market_id = '1|se'
       WHERE p.is_active = 1 ORDER BY p.first_available_on DESC, p.id DESC LIMIT 1`,
    ).first<{ id: number; regular_inc_vat: number }>();
    const validatedMinor = Math.round(newest!.regular_inc_vat * 0.5);
    const token = await priceToken({ claims: { o: String(newest!.id), p: validatedMinor / 100 } });
    const shown = formatMoney({ amount: validatedMinor, currency: 'SEK' }, 'sv-SE');

    const withCookie = await (await request('http://localhost/', { headers: { Cookie: `ralph-gad=${token}` } })).text();
    expect(withCookie).toContain(shown);
    const without = await (await request('http://localhost/')).text();
    expect(without).not.toContain(shown);
  });
});

describe('the auth cookie', () => {
  test('a malformed ralph-auth cookie is cleared and the page renders for a guest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await request('http://localhost/', { headers: { Cookie: 'ralph-auth=not-a-token' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="sv">');
    expect(response.headers.getSetCookie().join()).toMatch(/ralph-auth=; Max-Age=0; Path=\//);
    expect(warn).toHaveBeenCalledWith('Invalid JWT token structure');
  });

  test('a forged ralph-auth cookie is cleared and the page still renders', async () => {
    const forged = await new SignJWT({ email: 'someone@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-but-just-as-long-0123456789abc'));
    const page = await request('http://localhost/', { headers: { Cookie: `ralph-auth=${forged}` } });
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().join()).toMatch(/ralph-auth=; Max-Age=0; Path=\//);
  });

  test('a valid ralph-auth cookie is kept', async () => {
    const { token } = await loggedInCustomer('kept@example.com');
    const page = await request('http://localhost/', { headers: { Cookie: `ralph-auth=${token}` } });
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().join()).not.toContain('ralph-auth=');
  });
});
