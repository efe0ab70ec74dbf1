// Issue 26: a Geins API may offer an EXTERNAL checkout (a provider's embedded checkout, its snippet in
// paymentData), which this storefront does not run. Offered, a shopper could choose it and fail at
// placeOrder; so it is not offered, and the other methods are as before.
import { describe, expect, test } from 'vitest';
import { checkoutOptionsOf, chosenId } from '../../core/checkout/choices';

const option = (id: number, name: string, checkoutType: string | null, isSelected = false) => ({
  id,
  name,
  displayName: name,
  isSelected,
  checkoutType,
});

describe('payment options of a remote API', () => {
  test('an EXTERNAL checkout is not offered; standard ones are, and the choice falls to the first of them', () => {
    const options = checkoutOptionsOf(
      {
        shippingOptions: [],
        paymentOptions: [
          option(7, 'KLARNA_CHECKOUT', 'EXTERNAL', true),
          option(3, 'INVOICE', 'STANDARD'),
          option(1, 'CARD', null),
        ] as never,
      },
      true,
    );
    expect(options.payment.map((payment) => payment.code)).toEqual(['INVOICE', 'CARD']);
    expect(chosenId(options.payment)).toBe('3');
  });
});
