/**
 * Limits on the shop's own credit (issue 24; docs/decisions/019-invoice-limits.md): invoice and
 * instalments are goods handed over before anyone has paid, so an order on credit is checked before it
 * takes stock:
 *
 * 1. the credit check of spec §4: a customer whose member type starts with NOCREDIT may not buy on
 *    invoice or instalments (the blocklist, ../checkout/checkout.ts `blocklistEntry`);
 * 2. one order's size: at most `maxUnits` units and `maxAmount` (incl. VAT, per currency);
 * 3. how often: at most `perClient`, `perEmail` and `perIdentity` credit orders within `windowHours`, from
 *    one client address, one mailbox, one identity number. Counted inside the placement batch
 *    (../orders/orders.ts), so concurrent attempts cannot slip past;
 * 4. a guest's credit order above `holdAbove` is placed but held until the merchant releases it.
 *
 * Each refusal says why in the shopper's language and changes nothing. Payments through Kustom or Avarda
 * are their credit decision, not ours: these limits apply to the built-in provider only.
 */
import * as v from 'valibot';
import type { MessageKey } from '../../../locales';
import type { PaymentMethodCode } from '../../../core/checkout/payment-methods';
import { sha256Hex } from '../crypto';
import { mailboxOf } from '../customers/mailbox';

const Count = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000));
const Amounts = v.record(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)), v.pipe(v.number(), v.minValue(0)));

/** INVOICE_LIMITS as JSON; every field optional, with these defaults (amounts in major units incl. VAT). */
export const InvoiceLimitsSchema = v.object({
  maxUnits: v.optional(Count, 50),
  maxAmount: v.optional(Amounts, { SEK: 15_000, NOK: 15_000, DKK: 11_000, EUR: 1_500 }),
  holdAbove: v.optional(Amounts, { SEK: 5_000, NOK: 5_000, DKK: 3_700, EUR: 500 }),
  perClient: v.optional(Count, 3),
  perEmail: v.optional(Count, 3),
  perIdentity: v.optional(Count, 3),
  windowHours: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(24 * 31)), 24),
});

export type InvoiceLimits = v.InferOutput<typeof InvoiceLimitsSchema>;

/** Whether a payment is the shop's own credit: invoice or instalments through the built-in provider. */
export function isOwnCredit(code: PaymentMethodCode, provider: string): boolean {
  return (code === 'INVOICE' || code === 'INSTALMENT') && provider === 'built-in';
}

/** Spec §4: a NOCREDIT member type may not buy on invoice or instalments (DirectInvoice or Loan). */
export function creditRefused(memberType: string | null | undefined, code: PaymentMethodCode): boolean {
  return (
    (code === 'INVOICE' || code === 'INSTALMENT') &&
    (memberType ?? '').replace(/\s+/g, '').toUpperCase().startsWith('NOCREDIT')
  );
}

/** Why one order is too large for credit, or null: its units and its amount (minor units incl. VAT). */
export function creditOrderTooLarge(
  limits: InvoiceLimits,
  order: { units: number; totalIncVat: number; currency: string },
): { key: MessageKey; max: number } | null {
  if (order.units > limits.maxUnits) return { key: 'api.checkout.invoiceTooManyUnits', max: limits.maxUnits };
  const maxAmount = limits.maxAmount[order.currency];
  if (maxAmount !== undefined && order.totalIncVat > maxAmount * 100)
    return { key: 'api.checkout.invoiceTooLarge', max: maxAmount * 100 };
  return null;
}

/** Whether a guest's credit order waits for the merchant (above `holdAbove` in its currency). */
export function holdCreditOrder(
  limits: InvoiceLimits,
  order: { guest: boolean; totalIncVat: number; currency: string },
): boolean {
  const above = limits.holdAbove[order.currency];
  return order.guest && above !== undefined && order.totalIncVat > above * 100;
}

/** Who asked for an order, as the credit limits count it (stored on the order). */
export interface CreditKeys {
  clientKey: string | null;
  mailbox: string | null;
  identityKey: string | null;
}

/** The keys of an order: the client address hashed, the e-mail's mailbox, the identity number's last ten digits. */
export async function creditKeysOf(input: {
  clientAddress: string | undefined | null;
  email: string | null;
  identityNumber: string | null;
}): Promise<CreditKeys> {
  const digits = (input.identityNumber ?? '').replace(/\D/g, '');
  return {
    clientKey: input.clientAddress ? await sha256Hex(`client:${input.clientAddress}`) : null,
    mailbox: input.email ? mailboxOf(input.email) : null,
    identityKey: digits.length >= 10 ? digits.slice(-10) : null,
  };
}

/**
 * The placement batch's guards (../orders/orders.ts): for each key, the number of own-credit orders in
 * the window (this one included, so it runs after the order's INSERT) minus the limit, into a table whose
 * CHECK refuses an excess; then the rows go again. `publicId` names this attempt's rows.
 */
export function creditLimitGuards(
  db: D1Database,
  { limits, keys, publicId, now }: { limits: InvoiceLimits; keys: CreditKeys; publicId: string; now: Date },
): D1PreparedStatement[] {
  const since = new Date(now.getTime() - limits.windowHours * 3_600_000).toISOString();
  const guard = (column: 'client_key' | 'mailbox' | 'identity_key', value: string | null, limit: number) =>
    value === null
      ? []
      : [
          db
            .prepare(
              `INSERT INTO invoice_limit_checks (public_id, excess)
               SELECT ?, COUNT(*) - ? FROM orders
               WHERE ${column} = ? AND created_at > ? AND payment_provider = 'built-in'
                 AND payment_method IN ('INVOICE', 'INSTALMENT')`,
            )
            .bind(publicId, limit, value, since),
        ];
  return [
    ...guard('client_key', keys.clientKey, limits.perClient),
    ...guard('mailbox', keys.mailbox, limits.perEmail),
    ...guard('identity_key', keys.identityKey, limits.perIdentity),
    db.prepare('DELETE FROM invoice_limit_checks WHERE public_id = ?').bind(publicId),
  ];
}

/** The CHECK the guards break (as SQLite reports it). */
export const INVOICE_LIMIT_CHECK = 'excess <= 0';
