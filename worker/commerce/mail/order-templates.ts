/**
 * The order mails of issue 14, in the order's language (locales/*.json `mail.order`, `mail.orderStatus`,
 * `mail.withdrawal`, `withdrawal.return`): the order confirmation (lines, totals, addresses, the business
 * buyer's reference and VAT number, and the signed "Ångra köp" link), the withdrawal acknowledgement (what
 * was withdrawn, when, and how to send the goods back) and the status changes to Behandlas, Slutförd and
 * Avbruten. Drawn in the shop's look by ./layout.ts; dates and times are the shop's (Europe/Stockholm).
 */
import { createTranslator, localeOfLanguageId, type MessageKey } from '../../../locales';
import { pathFor } from '../../../locales/routes';
import { formatMoney } from '../pricing/money';
import type { OrderAddress } from '../orders/orders';
import { shopDateTime } from '../shop-time';
import { inertText, renderMail, type MailSection, type RenderedMail } from './layout';
import type { MailScope } from './templates';

/** An order as its mails tell it (worker/commerce/mail/order-mails.ts reads it from D1). */
export interface MailOrder {
  orderNumber: string;
  languageId: string;
  currency: string;
  customerType: string;
  createdAt: string;
  shippingMethod: string;
  paymentMethod: string;
  billingAddress: OrderAddress;
  shippingAddress: OrderAddress;
  customerOrderNumber: string | null;
  vatNumber: string | null;
  lines: { name: string; articleNumber: string; quantity: number; totalIncVat: number }[];
  amounts: {
    itemValueIncVat: number;
    shippingFeeIncVat: number;
    discountIncVat: number;
    paidWithBalance: number;
    totalIncVat: number;
    totalExVat: number;
    vat: number;
  };
}

const PAYMENT_NAMES: Record<string, MessageKey> = {
  CARD: 'api.checkout.payment.card',
  SWISH: 'api.checkout.payment.swish',
  INVOICE: 'api.checkout.payment.invoice',
  INSTALMENT: 'api.checkout.payment.instalment',
};

function toolsOf(scope: MailScope) {
  const locale = localeOfLanguageId(scope.languageId);
  const t = createTranslator(locale);
  const origin = scope.origin.replace(/\/+$/, '');
  const dateTime = (iso: string, withTime: boolean) => shopDateTime(scope.languageId, iso, withTime);
  const common = { locale, shopName: scope.shopName, origin, footer: t('mail.footer', { shop: scope.shopName }) };
  return { locale, t, origin, dateTime, common };
}

/** The withdrawal page's link with `token` in the order's language. */
export function withdrawalLinkOf(origin: string, languageId: string, token: string): string {
  const path = pathFor('order-withdrawal', localeOfLanguageId(languageId));
  return `${origin.replace(/\/+$/, '')}${path}?t=${encodeURIComponent(token)}`;
}

/** An address as typed at the checkout: each row inert (./layout.ts inertText). */
function addressRows(address: OrderAddress): MailSection['rows'] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.company,
    address.careOf ? `c/o ${address.careOf}` : '',
    address.addressLine1,
    address.addressLine2,
    `${address.zip} ${address.city}`,
  ]
    .map(inertText)
    .filter(Boolean)
    .map((label) => ({ label, value: '' }));
}

/** The order confirmation, with the signed link to withdraw (`withdrawalToken`). */
export function orderConfirmationMail(scope: MailScope & { order: MailOrder; withdrawalToken: string }): RenderedMail {
  const { t, dateTime, common, origin } = toolsOf(scope);
  const { order } = scope;
  const money = (amount: number) => formatMoney({ amount, currency: order.currency }, order.languageId);
  const number = order.orderNumber;
  const totals: MailSection['rows'] = [
    { label: t('confirm.subtotal'), value: money(order.amounts.itemValueIncVat) },
    { label: `${t('confirm.shipping')} (${order.shippingMethod})`, value: money(order.amounts.shippingFeeIncVat) },
  ];
  if (order.amounts.discountIncVat > 0)
    totals.push({ label: t('confirm.discount'), value: `−${money(order.amounts.discountIncVat)}` });
  totals.push({ label: t('confirm.totalIncVat'), value: money(order.amounts.totalIncVat), strong: true });
  if (order.customerType === 'ORGANIZATION')
    totals.push({ label: t('mail.order.totalExVat'), value: money(order.amounts.totalExVat) });
  totals.push({ label: t('confirm.vat'), value: money(order.amounts.vat) });
  // Balance and gift cards are payment, not discount: after the sale's total and VAT, as the order pages
  // show it (docs/decisions/010-price-rounding.md), with what was left to pay.
  if (order.amounts.paidWithBalance > 0) {
    totals.push({ label: t('confirm.balance'), value: `−${money(order.amounts.paidWithBalance)}` });
    totals.push({
      label: t('cart.summary.toPay'),
      value: money(order.amounts.totalIncVat - order.amounts.paidWithBalance),
      strong: true,
    });
  }
  const sections: MailSection[] = [
    {
      title: t('confirm.items'),
      rows: order.lines.map((line) => ({
        label: t('mail.order.line', { quantity: line.quantity, name: line.name, article: line.articleNumber }),
        value: money(line.totalIncVat),
      })),
    },
    { title: t('confirm.summary'), rows: totals },
    { title: t('confirm.shippingAddress'), rows: addressRows(order.shippingAddress) },
    { title: t('confirm.billingAddress'), rows: addressRows(order.billingAddress) },
    {
      title: t('confirm.details'),
      rows: [
        { label: t('confirm.orderNumber'), value: number },
        { label: t('confirm.shippingMethod'), value: order.shippingMethod },
        {
          label: t('confirm.paymentMethod'),
          value: PAYMENT_NAMES[order.paymentMethod] ? t(PAYMENT_NAMES[order.paymentMethod]!) : order.paymentMethod,
        },
        ...(order.customerOrderNumber
          ? [{ label: t('confirm.customerOrderNumber'), value: inertText(order.customerOrderNumber) }]
          : []),
        ...(order.vatNumber ? [{ label: t('confirm.vatNumber'), value: inertText(order.vatNumber) }] : []),
      ],
    },
  ];
  return renderMail({
    ...common,
    subject: t('mail.order.subject', { number }),
    heading: t('confirm.title'),
    intro: [t('mail.order.intro', { number, date: dateTime(order.createdAt, false) }), t('confirm.received')],
    sections,
    action: {
      label: t('withdrawal.title'),
      href: withdrawalLinkOf(origin, order.languageId, scope.withdrawalToken),
      fallback: t('mail.linkFallback'),
    },
    outro: [t('mail.order.withdrawal'), t('mail.order.questions', { number })],
  });
}

/** The acknowledgement of a withdrawal recorded at `recordedAt`, with how to send the goods back. */
export function withdrawalReceiptMail(
  scope: MailScope & {
    orderNumber: string;
    recordedAt: string;
    lines: { name: string; articleNumber: string; quantity: number }[];
    /** What sending the goods back costs; null when the shop does not know (a remote API, issue 26). */
    returnFee: string | null;
    withdrawalToken: string;
  },
): RenderedMail {
  const { t, dateTime, common, origin } = toolsOf(scope);
  const number = scope.orderNumber;
  return renderMail({
    ...common,
    subject: t('mail.withdrawal.subject', { number }),
    heading: t('withdrawal.doneTitle'),
    intro: [t('mail.withdrawal.intro', { number, dateTime: dateTime(scope.recordedAt, true) })],
    sections: [
      {
        title: t('withdrawal.withdrawnItems'),
        rows: scope.lines.map((line) => ({
          label: t('mail.order.line', { quantity: line.quantity, name: line.name, article: line.articleNumber }),
          value: '',
        })),
      },
    ],
    action: {
      label: t('mail.withdrawal.action'),
      href: withdrawalLinkOf(origin, scope.languageId, scope.withdrawalToken),
      fallback: t('mail.linkFallback'),
    },
    outro: [
      t('withdrawal.return.title'),
      scope.returnFee === null ? t('withdrawal.return.howNoFee') : t('withdrawal.return.how', { fee: scope.returnFee }),
      t('withdrawal.return.when'),
      t('withdrawal.return.refund'),
    ],
  });
}

/**
 * The merchant's notice of a withdrawal made in front of a remote API (issue 26): the API keeps no
 * withdrawals, so the storefront tells the address the merchant configured (WITHDRAWAL_NOTICE_TO), in the
 * shop's default language: which order, whose, when, and what was withdrawn.
 */
export function withdrawalNoticeMail(
  scope: MailScope & {
    orderNumber: string;
    recordedAt: string;
    customerEmail: string;
    lines: { name: string; articleNumber: string; quantity: number }[];
  },
): RenderedMail {
  const { t, dateTime, common } = toolsOf(scope);
  const number = scope.orderNumber;
  return renderMail({
    ...common,
    subject: t('mail.withdrawalNotice.subject', { number }),
    heading: t('mail.withdrawalNotice.subject', { number }),
    intro: [
      t('mail.withdrawalNotice.intro', {
        number,
        // The account's address as the API answers it, for the merchant to write to: left as it is.
        email: scope.customerEmail,
        dateTime: dateTime(scope.recordedAt, true),
      }),
    ],
    sections: [
      {
        title: t('withdrawal.withdrawnItems'),
        rows: scope.lines.map((line) => ({
          label: t('mail.order.line', { quantity: line.quantity, name: line.name, article: line.articleNumber }),
          value: '',
        })),
      },
    ],
    action: null,
    outro: [],
  });
}

/** The statuses a status mail is sent for (docs/decisions/011-withdrawal.md, "Order mails"). */
export type MailedStatus = 'PROCESSING' | 'COMPLETED' | 'CANCELLED';

/** The mail of an order's move to `status` at `at`; a completed order's mail says until when it can be withdrawn. */
export function orderStatusMail(
  scope: MailScope & {
    orderNumber: string;
    status: MailedStatus;
    at: string;
    /** The end of the withdrawal period and its link (completed orders). */
    withdrawal: { endsAt: string; token: string } | null;
    /** A customer's order list; null for a guest's order. */
    ordersLink: boolean;
    /** The carrier's tracking page the merchant set (POST /api/merchant/orders/{number}/status), if any. */
    trackingLink?: string | null;
  },
): RenderedMail {
  const { t, dateTime, common, origin, locale } = toolsOf(scope);
  const number = scope.orderNumber;
  const status = t(`confirm.statuses.${scope.status}` as MessageKey);
  const outro = [t('mail.order.questions', { number })];
  const action = scope.withdrawal
    ? {
        label: t('withdrawal.title'),
        href: withdrawalLinkOf(origin, scope.languageId, scope.withdrawal.token),
        fallback: t('mail.linkFallback'),
      }
    : scope.ordersLink
      ? {
          label: t('mail.orderStatus.ordersAction'),
          href: `${origin}${pathFor('account-orders', locale)}`,
          fallback: t('mail.linkFallback'),
        }
      : null;
  return renderMail({
    ...common,
    subject: t(`mail.orderStatus.subject.${scope.status}` as MessageKey, { number }),
    heading: t(`mail.orderStatus.subject.${scope.status}` as MessageKey, { number }),
    intro: [
      t(`mail.orderStatus.text.${scope.status}` as MessageKey, { number }),
      t('mail.orderStatus.status', { status, dateTime: dateTime(scope.at, true) }),
      ...(scope.withdrawal ? [t('withdrawal.until', { date: dateTime(scope.withdrawal.endsAt, false) })] : []),
    ],
    // The parcel is on its way (a cancelled order's is not): the same link, in the same words, as my pages.
    link:
      scope.trackingLink && scope.status !== 'CANCELLED'
        ? { label: t('account.orders.tracking'), href: scope.trackingLink }
        : null,
    action,
    outro,
  });
}
