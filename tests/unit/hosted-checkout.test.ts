// Issue 25: where a card or Swish shopper sent from another storefront to our checkout goes back once paid,
// and how each payment option is named in Geins' words (worker/payments/hosted-checkout.ts).
import { describe, expect, test } from 'vitest';
import { hostedCheckoutSnippet, paymentTypeOf, storefrontConfirmUrl } from '../../worker/payments/hosted-checkout';

const RALPH = 'https://ralph.kontorsgiganten.se';
const allowed = [RALPH];

describe('the storefront confirmation page a payment ends on', () => {
  test.each([
    [`${RALPH}/kassan`, `${RALPH}/checkout/confirm?kid={payment.uid}&cartid={geins.cartid}`],
    [`${RALPH}/se/sv/kassan`, `${RALPH}/se/sv/checkout/confirm?kid={payment.uid}&cartid={geins.cartid}`],
    [`${RALPH}/en/checkout/`, `${RALPH}/en/checkout/confirm?kid={payment.uid}&cartid={geins.cartid}`],
  ])('beside the checkout page %s', (from, confirm) => {
    expect(storefrontConfirmUrl({ from, referer: undefined, type: 'KLARNA' }, allowed)).toBe(confirm);
  });

  test('Avarda’s confirm page reads aid', () => {
    expect(storefrontConfirmUrl({ from: `${RALPH}/kassan`, referer: undefined, type: 'AVARDA' }, allowed)).toBe(
      `${RALPH}/checkout/confirm?aid={payment.uid}&cartid={geins.cartid}`,
    );
  });

  test('an origin the merchant does not allow is never where the shopper goes', () => {
    const evil = 'https://evil.example/se/sv/kassan';
    expect(storefrontConfirmUrl({ from: evil, referer: undefined, type: 'KLARNA' }, allowed)).toBeNull();
    expect(storefrontConfirmUrl({ from: evil, referer: 'https://evil.example/', type: 'KLARNA' }, allowed)).toBeNull();
    expect(
      storefrontConfirmUrl({ from: 'javascript:alert(1)', referer: undefined, type: 'KLARNA' }, allowed),
    ).toBeNull();
    expect(storefrontConfirmUrl({ from: `${RALPH}/kassan`, referer: undefined, type: 'KLARNA' }, [])).toBeNull();
    // The Referer's storefront, without the page's path, keeps the reference client's default place.
    expect(storefrontConfirmUrl({ from: evil, referer: `${RALPH}/se/sv/kassan`, type: 'KLARNA' }, allowed)).toBe(
      `${RALPH}/checkout/confirm?kid={payment.uid}&cartid={geins.cartid}`,
    );
  });
});

describe('payment types in Geins’ words', () => {
  test.each([
    ['built-in', 'CARD', 10000, 'KLARNA'],
    ['built-in', 'SWISH', 10000, 'KLARNA'],
    ['built-in', 'INVOICE', 10000, 'STANDARD'],
    ['built-in', 'CARD', 0, 'STANDARD'],
    ['klarna', 'INVOICE', 10000, 'KLARNA'],
    ['avarda', 'CARD', 10000, 'AVARDA'],
    [undefined, 'CARD', 10000, 'STANDARD'],
  ] as const)('%s taking %s with %i öre to pay is %s', (provider, method, amount, type) => {
    expect(paymentTypeOf(provider, method, amount)).toBe(type);
  });
});

test('the snippet’s texts and link are escaped', () => {
  const html = hostedCheckoutSnippet('https://shop.example/api/checkout/hosted/a"b', {
    lang: 'sv',
    intro: 'Betalsätt: <Kort>.',
    action: 'Till kassan & betalningen',
  });
  expect(html).toContain('href="https://shop.example/api/checkout/hosted/a&#34;b"');
  expect(html).toContain('<p>Betalsätt: &#60;Kort&#62;.</p>');
  expect(html).toContain('>Till kassan &#38; betalningen</a>');
});
