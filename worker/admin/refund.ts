/**
 * A refund from the back office (issue 27): what the staff member chose comes to an amount (refunds.ts),
 * the payment provider that took the money gives it back (worker/payments: Kustom's Order Management,
 * Avarda's partner API; the built-in test provider and the shop's own invoice move no money), and only
 * then is the refund recorded, with its audit row and whatever else belongs to it, in one batch.
 */
import { exVat } from '../commerce/pricing/money';
import { recordRefund, refundPlan, type RefundPlan, type RefundProblem } from '../commerce/orders/refunds';
import { configuredProvider } from '../payments/registry';
import { PAYMENT_PROVIDERS, PaymentProviderError, type PaymentLine, type PaymentProviderId } from '../payments/types';
import type { AdminContext } from './context';
import type { AdminKey } from '../../locales/admin';
import { auditStatement } from './staff';

export interface RefundRequest {
  orderId: number;
  orderNumber: string;
  /** Units per line position. */
  choice: ReadonlyMap<number, number>;
  shipping: boolean;
  reason: string;
  /** What else the refund's batch holds, given the refund's reference (a withdrawal's link to it). */
  alongside?: (reference: string) => D1PreparedStatement[];
}

/** What staff are told of a refund that was not made. */
export const REFUND_PROBLEM_NOTICES = {
  EMPTY: 'order.refundEmpty',
  EXCEEDS_LINE: 'order.refundExceeds',
  MORE_THAN_PAID: 'order.refundMoreThanPaid',
  SHIPPING_REFUNDED: 'order.refundShippingDone',
  PROVIDER_FAILED: 'order.refundProviderFailed',
  RACED: 'order.refundRaced',
} as const satisfies Record<RefundProblem | 'PROVIDER_FAILED' | 'RACED', AdminKey>;

export type RefundOutcome =
  | { kind: 'REFUNDED'; id: number; amount: number; currency: string }
  | { kind: RefundProblem | 'PROVIDER_FAILED' | 'RACED' };

function paymentLines(plan: RefundPlan): PaymentLine[] {
  const line = (
    kind: PaymentLine['kind'],
    reference: string,
    name: string,
    quantity: number,
    amount: number,
    vatRateBp: number,
  ): PaymentLine => {
    const vat = amount - exVat(amount, vatRateBp);
    return {
      kind,
      reference,
      name,
      quantity,
      unitPriceIncVat: Math.round(amount / quantity),
      vatRateBp,
      totalIncVat: amount,
      discountIncVat: Math.round(amount / quantity) * quantity - amount,
      totalVat: vat,
    };
  };
  return [
    ...plan.lines.map((l) => line('physical', l.articleNumber, l.name, l.quantity, l.amount, l.vatRateBp)),
    ...(plan.shipping > 0 ? [line('shipping_fee', 'shipping', 'Frakt', 1, plan.shipping, plan.shippingVatRateBp)] : []),
  ];
}

/** Refunds `request` through the order's payment provider and records it. */
export async function refundOrder(c: AdminContext, request: RefundRequest): Promise<RefundOutcome> {
  const db = c.env.DB;
  const plan = await refundPlan(db, request.orderId, request.choice, request.shipping);
  if (typeof plan === 'string') return { kind: plan };
  const payment = await db
    .prepare(
      "SELECT provider, reference FROM payments WHERE order_id = ? AND status IN ('AUTHORIZED', 'CAPTURED') ORDER BY id DESC LIMIT 1",
    )
    .bind(request.orderId)
    .first<{ provider: string; reference: string }>();
  let providerReference: string | null = null;
  if (payment && (PAYMENT_PROVIDERS as readonly string[]).includes(payment.provider)) {
    try {
      const provider = configuredProvider(payment.provider as PaymentProviderId, { config: c.var.config, db });
      ({ reference: providerReference } = await provider.refund(payment.reference, {
        id: crypto.randomUUID(),
        amount: plan.amount,
        description: request.reason,
        lines: paymentLines(plan),
      }));
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      console.error('refund refused by the provider', request.orderNumber, error.message);
      return { kind: 'PROVIDER_FAILED' };
    }
  }
  const now = new Date();
  const recorded = await recordRefund(
    db,
    plan,
    { providerReference, reason: request.reason, staffEmail: c.var.staff.email, now },
    (reference) => [
      auditStatement(
        db,
        c.var.staff,
        {
          action: 'order.refund',
          subject: `order:${request.orderNumber}`,
          before: null,
          after: {
            amount: plan.amount,
            currency: plan.currency,
            lines: Object.fromEntries(plan.lines.map((line) => [line.articleNumber, line.quantity])),
            shipping: plan.shipping,
            reason: request.reason,
            reference,
          },
        },
        now,
      ),
      ...(request.alongside?.(reference) ?? []),
    ],
  );
  if (recorded === 'EXCEEDS_LINE') {
    // The provider gave the money back, but another refund of these units was recorded first: a person
    // must settle it (the provider's refund id is in this line of the log).
    console.error(
      'refund made at the provider but not recorded (refunded twice?)',
      request.orderNumber,
      providerReference,
    );
    return { kind: 'RACED' };
  }
  return { kind: 'REFUNDED', id: recorded.id, amount: plan.amount, currency: plan.currency };
}
