/**
 * Which provider takes a payment method (PAYMENT_PROVIDERS, worker/config.ts), whether the method needs
 * a payment step, and the adapter of a provider with its endpoints, credentials and `fetch`.
 */
import type { PaymentsConfig } from '../config';
import type { PaymentMethodCode } from '../commerce/shipping';
import { createAvardaProvider } from './avarda';
import { builtInPaymentKey, createBuiltInProvider } from './built-in';
import { createKlarnaProvider } from './klarna';
import type { PaymentFetch, PaymentOutcome, PaymentProvider, PaymentProviderId } from './types';

/** The provider configured for `method` (built-in unless configured otherwise). */
export function providerFor(config: PaymentsConfig, method: PaymentMethodCode): PaymentProviderId {
  return config.providers[method];
}

/**
 * Whether an order paid with `method` through `provider` waits for a payment step (contract 7): card
 * and Swish through the built-in provider, everything through Klarna or Avarda; never when gift cards
 * and balance already paid it all. Invoice and instalments through the built-in provider are paid later.
 */
export function needsPaymentStep(provider: PaymentProviderId, method: PaymentMethodCode, amountToPay: number): boolean {
  if (amountToPay <= 0) return false;
  if (provider !== 'built-in') return true;
  return method === 'CARD' || method === 'SWISH';
}

export interface ProviderDeps {
  config: PaymentsConfig;
  authSecret: string | undefined;
  /** The built-in provider's view of a payment: the status the shop recorded for it. */
  recordedOutcome: (reference: string) => Promise<PaymentOutcome>;
  fetch?: PaymentFetch;
}

/** The adapter of `id`. */
export function paymentProvider(id: PaymentProviderId, deps: ProviderDeps): PaymentProvider {
  // Looked up at call time, so a test may replace the global fetch with a local fake.
  const fetch: PaymentFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  switch (id) {
    case 'built-in':
      return createBuiltInProvider({
        key: () => builtInPaymentKey({ builtInSecret: deps.config.builtInSecret, authSecret: deps.authSecret }),
        recordedOutcome: deps.recordedOutcome,
      });
    case 'klarna':
      return createKlarnaProvider({ ...deps.config.klarna, fetch });
    case 'avarda':
      return createAvardaProvider({ ...deps.config.avarda, fetch });
  }
}
