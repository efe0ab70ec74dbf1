/**
 * Whether a payment method needs a payment step, and the adapter of a provider with its endpoints,
 * credentials and `fetch`. Which provider takes a method is `config.payments.providers[method]`
 * (PAYMENT_PROVIDERS, worker/config.ts).
 */
import type { Config, PaymentsConfig } from '../config';
import { findPayment, outcomeOf } from '../commerce/orders/payments';
import type { PaymentMethodCode } from '../commerce/checkout/shipping';
import { createAvardaProvider } from './avarda';
import { builtInPaymentKey, createBuiltInProvider } from './built-in';
import { createKustomProvider } from './kustom';
import type { PaymentFetch, PaymentOutcome, PaymentProvider, PaymentProviderId } from './types';

/**
 * Whether an order paid with `method` through `provider` waits for a payment step (contract 7): card
 * and Swish through the built-in provider, everything through Kustom or Avarda; never when gift cards
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

/** The adapter of `id` with explicit dependencies (tests give them directly). */
export function paymentProvider(id: PaymentProviderId, deps: ProviderDeps): PaymentProvider {
  // Looked up at call time, so a test may replace the global fetch with a local fake.
  const fetch: PaymentFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  switch (id) {
    case 'built-in':
      return createBuiltInProvider({
        key: () => builtInPaymentKey({ builtInSecret: deps.config.builtInSecret, authSecret: deps.authSecret }),
        recordedOutcome: deps.recordedOutcome,
      });
    case 'klarna': // Kustom Checkout, under the key its payments are recorded with (./types.ts)
      return createKustomProvider({ ...deps.config.kustom, fetch });
    case 'avarda':
      return createAvardaProvider({ ...deps.config.avarda, fetch });
  }
}

/**
 * The adapter of `id` with this deployment's configuration; the built-in provider's view of a payment
 * is what the shop recorded for it in `db`.
 */
export function configuredProvider(
  id: PaymentProviderId,
  { config, db }: { config: Config; db: D1Database },
): PaymentProvider {
  return paymentProvider(id, {
    config: config.payments,
    authSecret: config.authSecret,
    recordedOutcome: async (reference) =>
      outcomeOf((await findPayment(db, { provider: id, reference }))?.status ?? 'PENDING'),
  });
}
