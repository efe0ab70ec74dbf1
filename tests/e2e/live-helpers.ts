// Shared by the live journeys (issue 28: tests/e2e/live.spec.ts, tests/e2e/https/live.spec.ts): what staff
// change in the back office while a shopper's page is open. `npm run dev` and the preview sign them in as
// the local owner.
import { expect, type APIRequestContext } from '@playwright/test';

/** A product no other live journey uses, with one sku (its stock is set here): Staedtler Mars plastic Suddgummi. */
export const LIVE_PRODUCT = { id: 273, skuId: 317, alias: 'staedtler-mars-plastic-suddgummi-273' };

/** The tracking link staff send with a completed order. */
export const TRACKING_LINK = 'https://tracking.postnord.com/se/?id=00370712345678901234';

/** Staff set the live product's stock to `units`. */
export async function setStock(request: APIRequestContext, baseURL: string, units: number): Promise<void> {
  const saved = await request.post(`${baseURL}/admin/products/${LIVE_PRODUCT.id}/stock`, {
    form: { [`stock-${LIVE_PRODUCT.skuId}`]: String(units) },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(303);
}

/** Staff move order `number` (PROCESSING; COMPLETED with a trackingLink). */
export async function moveOrder(
  request: APIRequestContext,
  baseURL: string,
  number: string,
  form: Record<string, string>,
): Promise<void> {
  const moved = await request.post(`${baseURL}/admin/orders/${number}/status`, {
    form,
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(moved.status()).toBe(303);
}
