// Issue 26: a Geins API's external checkout on our checkout page. Which option is one (a type other than
// STANDARD with a snippet: the reference client's rule), and the policy of the checkout's screens in front
// of a remote API, which must let the four providers' checkouts load and frame.
import { describe, expect, test } from 'vitest';
import { checkoutOptionsOf, externalCheckoutOf } from '../../core/checkout/choices';
import { widenedPolicy } from '../../worker/middleware/security-headers';
import { providerStepAfterSave } from '../../client/browser/external-checkout';
import type { CheckoutChoices } from '../../core/graphql/checkout';

type ApiPaymentOption = NonNullable<NonNullable<CheckoutChoices['paymentOptions']>[number]>;

const option = (id: number, extra: Partial<ApiPaymentOption>): ApiPaymentOption => ({
  id,
  name: id === 1 ? 'CARD' : 'INVOICE',
  displayName: id === 1 ? 'Kort' : 'Faktura',
  isSelected: false,
  paymentType: 'STANDARD',
  paymentData: null,
  newCheckoutSession: false,
  ...extra,
});

describe('the chosen option’s external checkout', () => {
  test('a selected KLARNA option with a snippet is one; its snippet and session are the API’s', () => {
    const choices = {
      paymentOptions: [
        option(1, {
          isSelected: true,
          paymentType: 'KLARNA',
          paymentData: '<div id="klarna-checkout-container"></div>',
        }),
        option(3, {}),
      ],
    };
    expect(externalCheckoutOf(choices)).toEqual({
      paymentId: 1,
      type: 'KLARNA',
      snippet: '<div id="klarna-checkout-container"></div>',
      newSession: false,
    });
    expect(checkoutOptionsOf({ ...choices, shippingOptions: [] }, true).external?.type).toBe('KLARNA');
  });

  test('STANDARD, no snippet, or an unselected external option shows our own form', () => {
    expect(externalCheckoutOf({ paymentOptions: [option(3, { isSelected: true })] })).toBeNull();
    expect(
      externalCheckoutOf({ paymentOptions: [option(1, { isSelected: true, paymentType: 'SVEA', paymentData: '' })] }),
    ).toBeNull();
    expect(
      externalCheckoutOf({
        paymentOptions: [
          option(1, { paymentType: 'WALLEY', paymentData: '<script></script>' }),
          option(3, { isSelected: true }),
        ],
      }),
    ).toBeNull();
    expect(externalCheckoutOf({ paymentOptions: null })).toBeNull();
  });
});

describe('the checkout’s policy in front of a remote API', () => {
  test('the named directives get the sources; the others, and those it lacks, stay as they were', () => {
    const policy = "default-src 'self'; script-src 'nonce-abc' 'strict-dynamic'; frame-src 'self'; object-src 'none'";
    expect(
      widenedPolicy(policy, { 'script-src': 'https://*.svea.com', 'frame-src': 'https://*.svea.com', 'img-src': 'x' }),
    ).toBe(
      "default-src 'self'; script-src 'nonce-abc' 'strict-dynamic' https://*.svea.com; frame-src 'self' https://*.svea.com; object-src 'none'",
    );
  });
});

describe('the provider’s checkout after a save (the reference client’s rule)', () => {
  const klarna = { snippet: '<div id="klarna-checkout-container"></div>', newSession: false };
  test('the same markup and session goes on (resume); new markup or a new session starts afresh', () => {
    expect(providerStepAfterSave(klarna, { ...klarna })).toBe('resume');
    expect(providerStepAfterSave(klarna, { snippet: '<div id="other"></div>', newSession: false })).toBe('rebuild');
    // The same markup with a new session is made afresh too, not left suspended.
    expect(providerStepAfterSave(klarna, { ...klarna, newSession: true })).toBe('rebuild');
  });

  test('nothing to do when no provider was shown, or the answer has none', () => {
    expect(providerStepAfterSave(null, klarna)).toBeNull();
    expect(providerStepAfterSave(klarna, null)).toBeNull();
  });
});
