/**
 * The scheduled sweep of unpaid orders (wrangler.toml `[triggers]`, every five minutes): orders older
 * than PAYMENT_PENDING_MINUTES that still wait for their payment are cancelled
 * (worker/commerce/orders/payments.ts `cancelUnpaidOrders`), after asking Klarna or Avarda what they know, so
 * an order paid at the provider whose notification went missing is confirmed instead.
 *
 * Klarna: a checkout that was never completed ('checkout_incomplete') has no cancel in Klarna's API (it
 * expires there after 48 hours), and once our order is cancelled our validation callback refuses to let
 * it complete; an order Klarna authorized is confirmed, not cancelled, and one that completes after all
 * is cancelled at Klarna by `recordOutcome` (Order Management cancel).
 */
import { cancelUnpaidOrders, type UnpaidOrderSweep } from '../commerce/orders/payments';
import { readConfig } from '../config';
import { configuredProvider } from './registry';

/** One run of the sweep over `env`'s database, as of `now`. */
export async function sweepUnpaidOrders(env: Env, now: Date): Promise<UnpaidOrderSweep> {
  const config = readConfig(env);
  const sweep = await cancelUnpaidOrders(env.DB, {
    olderThanMinutes: config.payments.pendingMinutes,
    now,
    askProvider: (payment) =>
      configuredProvider(payment.provider, { config, db: env.DB }).readStatus(payment.reference),
  });
  if (sweep.cancelled.length || sweep.confirmed.length || sweep.undecided.length) {
    console.log(
      'unpaid order sweep',
      JSON.stringify({
        cancelled: sweep.cancelled.length,
        confirmed: sweep.confirmed.length,
        undecided: sweep.undecided.length,
      }),
    );
  }
  return sweep;
}
