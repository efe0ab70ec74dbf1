// Issue 27: a refund from the back office goes to the provider that took the money, as its API wants it:
// Kustom's Order Management "Refund an order" (minor units, order lines, our id as reference, the refund's
// id in the Refund-Id header) and Avarda's partner API refund (major units, our id as the transaction id).
// A refusal is a PaymentProviderError, so nothing is recorded.
import { describe, expect, test } from 'vitest';
import { createKustomProvider } from '../../worker/payments/kustom';
import { createAvardaProvider } from '../../worker/payments/avarda';
import { PaymentProviderError, type ProviderRefund } from '../../worker/payments/types';

const REFUND: ProviderRefund = {
  id: '6f1c2b0e-0000-4000-8000-000000000001',
  amount: 29850,
  description: 'Ångerrätt',
  lines: [
    {
      kind: 'physical',
      reference: 'KG-109056',
      name: 'Pilot BPS-GP Kulspetspenna',
      quantity: 2,
      unitPriceIncVat: 14925,
      vatRateBp: 2500,
      totalIncVat: 29850,
      discountIncVat: 0,
      totalVat: 5970,
    },
  ],
};

interface Sent {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

function recording(answer: (url: string) => Response) {
  const sent: Sent[] = [];
  const fetch = async (input: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    sent.push({
      url: input,
      method: init?.method ?? 'GET',
      authorization: headers.get('Authorization'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    return answer(input);
  };
  return { sent, fetch };
}

describe('refunds at the providers', () => {
  test('Kustom: POST /ordermanagement/v1/orders/{id}/refunds with the lines; its Refund-Id is the reference', async () => {
    const { sent, fetch } = recording(
      () => new Response(null, { status: 201, headers: { 'Refund-Id': 'b2d5f7c1-refund' } }),
    );
    const kustom = createKustomProvider({
      apiUrl: 'https://api.playground.kustom.co',
      username: 'PK1',
      password: 'pw',
      fetch,
    });
    expect(await kustom.refund('0b1d9815-165e-42e2-8867-35bc03789e00', REFUND)).toEqual({
      reference: 'b2d5f7c1-refund',
    });
    expect(sent).toEqual([
      {
        url: 'https://api.playground.kustom.co/ordermanagement/v1/orders/0b1d9815-165e-42e2-8867-35bc03789e00/refunds',
        method: 'POST',
        authorization: `Basic ${btoa('PK1:pw')}`,
        body: {
          refunded_amount: 29850,
          description: 'Ångerrätt',
          reference: '6f1c2b0e-0000-4000-8000-000000000001',
          order_lines: [
            {
              type: 'physical',
              reference: 'KG-109056',
              name: 'Pilot BPS-GP Kulspetspenna',
              quantity: 2,
              unit_price: 14925,
              tax_rate: 2500,
              total_amount: 29850,
              total_discount_amount: 0,
              total_tax_amount: 5970,
            },
          ],
        },
      },
    ]);
  });

  test('Kustom refusing (403) is a provider error', async () => {
    const { fetch } = recording(() => new Response('{"error_code":"REFUND_NOT_ALLOWED"}', { status: 403 }));
    const kustom = createKustomProvider({
      apiUrl: 'https://api.playground.kustom.co',
      username: 'PK1',
      password: 'pw',
      fetch,
    });
    await expect(kustom.refund('0b1d9815-165e-42e2-8867-35bc03789e00', REFUND)).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });

  test('Avarda: a partner token, then POST /api/partner/payments/{id}/refund in major units', async () => {
    const { sent, fetch } = recording((url) =>
      url.endsWith('/api/partner/tokens')
        ? Response.json({ token: 'partner-token', tokenExpirationUtc: '2099-01-01T00:00:00Z' })
        : new Response('{}', { status: 200 }),
    );
    const avarda = createAvardaProvider({
      apiUrl: 'https://stage.checkout-api.avarda.com',
      checkoutScript: 'https://stage.checkout-cdn.avarda.com/cdn/static/js/main.js',
      clientId: 'refund-client',
      clientSecret: 'secret',
      fetch,
    });
    expect(await avarda.refund('a1b2c3d4-purchase', REFUND)).toEqual({ reference: REFUND.id });
    expect(sent[1]).toEqual({
      url: 'https://stage.checkout-api.avarda.com/api/partner/payments/a1b2c3d4-purchase/refund',
      method: 'POST',
      authorization: 'Bearer partner-token',
      body: {
        tranId: REFUND.id,
        amount: 298.5,
        items: [
          {
            description: 'Pilot BPS-GP Kulspetspenna',
            notes: 'KG-109056',
            amount: 149.25,
            taxCode: '25',
            taxAmount: 29.85,
            quantity: 2,
          },
        ],
      },
    });
  });

  test('a reference that is not the provider’s id is refused before any call', async () => {
    const { sent, fetch } = recording(() => new Response(null, { status: 201 }));
    const kustom = createKustomProvider({
      apiUrl: 'https://api.playground.kustom.co',
      username: 'PK1',
      password: 'pw',
      fetch,
    });
    await expect(kustom.refund('../../orders', REFUND)).rejects.toBeInstanceOf(PaymentProviderError);
    expect(sent).toEqual([]);
  });
});
