/**
 * Refunds of an order's lines (issue 27): what a choice of units (and the shipping fee) comes to, and
 * the refund's record once the payment provider has made it. A line's units are refunded at what the
 * customer paid for them (the line's total after its discounts, shared by units; the last unit takes what
 * is left, so a line refunded in parts adds up to its total). Never more than the provider collected:
 * balance and gift cards paid the rest. The quantities are also held by the trigger of migration 0031, in
 * the record's own batch, so two staff refunding at once cannot pass a line's units.
 */
import { constraintViolationOf, TRIGGER_REFUSALS } from '../../db/constraints';

export interface RefundLine {
  position: number;
  articleNumber: string;
  name: string;
  quantity: number;
  vatRateBp: number;
  /** What these units come to, incl. VAT (minor units). */
  amount: number;
}

export interface RefundPlan {
  orderId: number;
  currency: string;
  lines: RefundLine[];
  /** The shipping fee refunded with it (minor units), or 0. */
  shipping: number;
  shippingVatRateBp: number;
  amount: number;
}

export type RefundProblem = 'EMPTY' | 'EXCEEDS_LINE' | 'MORE_THAN_PAID' | 'SHIPPING_REFUNDED';

/** What refunding `choice` (units per line position) and, with `shipping`, the shipping fee comes to. */
export async function refundPlan(
  db: D1Database,
  orderId: number,
  choice: ReadonlyMap<number, number>,
  shipping: boolean,
): Promise<RefundPlan | RefundProblem> {
  const [order, lines, refunded] = await db.batch<Record<string, any>>([
    db
      .prepare(
        `SELECT currency_code, total_inc_vat, balance_used, gift_card_used, shipping_fee_inc_vat, shipping_fee_ex_vat,
                (SELECT COALESCE(SUM(amount_inc_vat), 0) FROM order_refunds WHERE order_id = o.id) AS refunded,
                (SELECT COALESCE(SUM(shipping_inc_vat), 0) FROM order_refunds WHERE order_id = o.id) AS shipping_refunded
         FROM orders o WHERE id = ?`,
      )
      .bind(orderId),
    db
      .prepare(
        'SELECT position, article_number, name, quantity, total_inc_vat, vat_rate_bp FROM order_rows WHERE order_id = ? ORDER BY position',
      )
      .bind(orderId),
    db
      .prepare(
        'SELECT position, SUM(quantity) AS units, SUM(amount_inc_vat) AS amount FROM order_refund_rows WHERE order_id = ? GROUP BY position',
      )
      .bind(orderId),
  ]);
  const row = order!.results[0];
  if (!row) return 'EMPTY';
  const done = new Map(refunded!.results.map((r) => [r.position as number, r as { units: number; amount: number }]));
  const planned: RefundLine[] = [];
  for (const line of lines!.results) {
    const units = choice.get(line.position) ?? 0;
    if (units === 0) continue;
    const before = done.get(line.position) ?? { units: 0, amount: 0 };
    if (units < 0 || before.units + units > line.quantity) return 'EXCEEDS_LINE';
    const amount =
      before.units + units === line.quantity
        ? line.total_inc_vat - before.amount
        : Math.round((line.total_inc_vat * units) / line.quantity);
    planned.push({
      position: line.position,
      articleNumber: line.article_number,
      name: line.name,
      quantity: units,
      vatRateBp: line.vat_rate_bp,
      amount,
    });
  }
  if ([...choice.keys()].some((position) => !lines!.results.some((line) => line.position === position)))
    return 'EXCEEDS_LINE';
  if (shipping && row.shipping_refunded > 0) return 'SHIPPING_REFUNDED';
  const shippingAmount = shipping ? row.shipping_fee_inc_vat : 0;
  const amount = planned.reduce((sum, line) => sum + line.amount, 0) + shippingAmount;
  if (amount <= 0) return 'EMPTY';
  const collected = row.total_inc_vat - row.balance_used - row.gift_card_used;
  if (row.refunded + amount > collected) return 'MORE_THAN_PAID';
  const shippingVat = row.shipping_fee_inc_vat - row.shipping_fee_ex_vat;
  const shippingVatRateBp =
    row.shipping_fee_ex_vat > 0 ? Math.round((shippingVat * 10000) / row.shipping_fee_ex_vat / 50) * 50 : 0;
  return {
    orderId,
    currency: row.currency_code,
    lines: planned,
    shipping: shippingAmount,
    shippingVatRateBp,
    amount,
  };
}

/**
 * Records refund `plan`, made at the provider as `providerReference` (null: nothing moved at a provider,
 * the shop's own invoice credited or the test provider), with `alongside` (the audit row, a withdrawal's
 * link to the refund, found by its reference) in the same batch. 'EXCEEDS_LINE': someone refunded these
 * units a moment ago; nothing is recorded (the caller logs the provider's refund for a person to settle).
 */
export async function recordRefund(
  db: D1Database,
  plan: RefundPlan,
  record: { providerReference: string | null; reason: string; staffEmail: string; now: Date },
  alongside: (reference: string) => D1PreparedStatement[] = () => [],
): Promise<{ id: number; reference: string } | 'EXCEEDS_LINE'> {
  const reference = record.providerReference ?? `own:${crypto.randomUUID()}`;
  const refundId = '(SELECT id FROM order_refunds WHERE provider_reference = ?)';
  try {
    const results = await db.batch<{ id: number }>([
      db
        .prepare(
          `INSERT INTO order_refunds (order_id, amount_inc_vat, reason, created_at, staff_email, provider_reference, shipping_inc_vat)
           VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        )
        .bind(
          plan.orderId,
          plan.amount,
          record.reason,
          record.now.toISOString(),
          record.staffEmail,
          reference,
          plan.shipping,
        ),
      ...plan.lines.map((line) =>
        db
          .prepare(
            `INSERT INTO order_refund_rows (refund_id, order_id, position, quantity, amount_inc_vat)
             VALUES (${refundId}, ?, ?, ?, ?)`,
          )
          .bind(reference, plan.orderId, line.position, line.quantity, line.amount),
      ),
      ...alongside(reference),
    ]);
    return { id: results[0]!.results[0]!.id, reference };
  } catch (error) {
    const violation = constraintViolationOf(error);
    if (violation?.kind === 'TRIGGER' && violation.refusal === TRIGGER_REFUSALS.refundExceedsLine)
      return 'EXCEEDS_LINE';
    throw error;
  }
}
