// Which payment methods need a payment step, where the shopper is sent, and the failure page's messages.
import { describe, expect, test } from 'vitest';
import { createTranslator } from '../../locales';
import { needsPaymentStep } from '../../worker/payments/registry';
import { paymentFailureMessageKey, PAYMENT_FAILURE_REASONS } from '../../worker/payments/failures';
import { payStepUrl, paymentStepOf } from '../../worker/payments/urls';

describe('the payment step', () => {
  test.each([
    ['built-in', 'CARD', 1000, true],
    ['built-in', 'SWISH', 1000, true],
    ['built-in', 'INVOICE', 1000, false],
    ['built-in', 'INSTALMENT', 1000, false],
    ['klarna', 'INVOICE', 1000, true],
    ['avarda', 'CARD', 1000, true],
    ['built-in', 'CARD', 0, false],
    ['klarna', 'INVOICE', 0, false],
  ] as const)('%s %s with %i to pay needs a step: %s', (provider, method, amount, expected) => {
    expect(needsPaymentStep(provider, method, amount)).toBe(expected);
  });

  test('keeps the storefront’s locale and market prefix, and never sends a shopper off site', () => {
    expect(paymentStepOf('/en/checkout/confirm?orderId={payment.uid}&cartId=abc')).toEqual({
      confirmationUrl: '/en/checkout/confirm?orderId={payment.uid}&cartId=abc',
      shopPrefix: '/en',
    });
    expect(paymentStepOf('/se/fi/checkout/confirm?orderId=x').shopPrefix).toBe('/se/fi');
    expect(paymentStepOf('/checkout/confirm?orderId=x').shopPrefix).toBe('');
    expect(paymentStepOf('https://evil.example/checkout/confirm').confirmationUrl).toBe(
      '/checkout/confirm?orderId={payment.uid}',
    );
    expect(paymentStepOf('//evil.example/x').confirmationUrl).toBe('/checkout/confirm?orderId={payment.uid}');
    expect(payStepUrl('0c5f', '/en')).toBe('/en/checkout/pay?orderId=0c5f');
  });
});

describe('failure messages (spec §8)', () => {
  test('every reason has a message in Swedish, and an unknown reason is the generic one', () => {
    const t = createTranslator('sv');
    for (const reason of PAYMENT_FAILURE_REASONS)
      expect(t(paymentFailureMessageKey(reason))).not.toMatch(/^payments\./);
    expect(t(paymentFailureMessageKey('declined'))).toMatch(/godkändes inte/);
    expect(t(paymentFailureMessageKey('nonsense'))).toBe(
      'Något gick tyvärr fel. Försök gärna igen och kontakta kundtjänst om problemet kvarstår.',
    );
    expect(paymentFailureMessageKey(undefined)).toBe('payments.failure.error');
  });
});
