// The customer-type switch Privatperson / Företag (spec §1, §4, §9; issue 5): /api/customer-type stores
// `ralph-user-type` for 365 days and comes back to the page, where every price shows excluding VAT for a
// business; a bad choice answers 400 in the page's language and stores nothing.
import { describe, expect, test } from 'vitest';
import { fetchWorker, graphql } from '../helpers';
import { CookieJar, getPage, postForm } from './forms-helpers';

const YEAR_S = 365 * 24 * 60 * 60;

/** The product card with this analytics id in a page's HTML. */
function card(html: string, productId: string): string {
  const match = new RegExp(`<article class="product-card"[^>]*data-item-id="${productId}"[\\s\\S]*?</article>`).exec(
    html,
  );
  if (!match) throw new Error(`no card for product ${productId}`);
  return match[0];
}

/** The first product card's id on a page. */
function firstCardId(html: string): string {
  const id = /<article class="product-card"[^>]*data-item-id="(\d+)"/.exec(html)?.[1];
  if (!id) throw new Error('no product card on the page');
  return id;
}

async function sellingPrices(productId: string, languageId: string) {
  const { data } = await graphql<{
    product: { unitPrice: { sellingPriceIncVatFormatted: string; sellingPriceExVatFormatted: string } };
  }>(
    `
      query ($productId: Int, $languageId: String) {
        product(productId: $productId, languageId: $languageId, marketId: "1|se") {
          unitPrice {
            sellingPriceIncVatFormatted
            sellingPriceExVatFormatted
          }
        }
      }
    `,
    { productId: Number(productId), languageId },
  );
  return data!.product.unitPrice;
}

function userTypeCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith('ralph-user-type='));
}

describe('customer-type switch', () => {
  test('choosing Företag stores the type for a year and comes back to the page with 303', async () => {
    const response = await postForm('/api/customer-type', { type: 'ORGANIZATION', redirect: '/en/brands?page=2' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/en/brands?page=2');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const cookie = userTypeCookie(response);
    expect(cookie).toMatch(/^ralph-user-type=ORGANIZATION;/);
    expect(cookie).toContain(`Max-Age=${YEAR_S}`);
    expect(cookie).toContain('Path=/');
  });

  test('after the switch every price on the next page is shown excluding VAT, and back again', async () => {
    const jar = new CookieJar();
    const before = await getPage('/', jar);
    const productId = firstCardId(before);
    const prices = await sellingPrices(productId, 'sv-SE');
    expect(prices.sellingPriceExVatFormatted).not.toBe(prices.sellingPriceIncVatFormatted);
    expect(card(before, productId)).toContain(`>${prices.sellingPriceIncVatFormatted}<`);
    expect(card(before, productId)).toContain('inkl. moms');

    await postForm('/api/customer-type', { type: 'ORGANIZATION', redirect: '/' }, jar);
    expect(jar.get('ralph-user-type')).toBe('ORGANIZATION');
    const after = await getPage('/', jar);
    expect(card(after, productId)).toContain(`>${prices.sellingPriceExVatFormatted}<`);
    expect(card(after, productId)).toContain('exkl. moms');
    expect(after).not.toMatch(/class="price__vat">inkl\. moms/);
    // The switch shows the choice: Företag pressed, prices excluding VAT.
    expect(after).toMatch(/value="ORGANIZATION" aria-pressed="true"/);
    expect(after).toContain('Priser exkl. moms');

    await postForm('/api/customer-type', { type: 'PERSON', redirect: '/' }, jar);
    expect(card(await getPage('/', jar), productId)).toContain(`>${prices.sellingPriceIncVatFormatted}<`);
  });

  test('a plain link works too: GET with type and redirect', async () => {
    const response = await fetchWorker('/api/customer-type?type=ORGANIZATION&redirect=%2Fen', { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/en');
    expect(userTypeCookie(response)).toMatch(/^ralph-user-type=ORGANIZATION;/);
  });

  test('an unknown type answers 400 with the error page in the language of the page, and stores nothing', async () => {
    const response = await postForm('/api/customer-type', { type: 'BUSINESS', redirect: '/en/brands' });
    expect(response.status).toBe(400);
    expect(userTypeCookie(response)).toBeUndefined();
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Error code 400');
  });

  test('a redirect to another site is refused with 400 and stores nothing', async () => {
    for (const redirect of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const response = await postForm('/api/customer-type', { type: 'ORGANIZATION', redirect });
      expect(response.status).toBe(400);
      expect(userTypeCookie(response)).toBeUndefined();
    }
  });

  test('a form posted from another site is refused (CSRF) and stores nothing', async () => {
    const response = await postForm('/api/customer-type', { type: 'ORGANIZATION', redirect: '/' }, new CookieJar(), {
      Origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(userTypeCookie(response)).toBeUndefined();
  });
});
