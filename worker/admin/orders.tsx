/**
 * /admin/orders (issue 27): the order list (filters: status, market, payment, dates; search: number, e-mail,
 * name; paged) and one order with all that happened to it, where staff move it on (Behandlas, Slutförd with
 * a tracking link, Avbruten: the customer is mailed, as by the merchant API), release or cancel a held
 * credit order (docs/decisions/019), and send one of its mails again. Every write is audit-logged in its
 * own batch.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { OrdersPage } from '../../client/views/admin/OrdersPage';
import { OrderPage } from '../../client/views/admin/OrderPage';
import type { AdminKey } from '../../locales/admin';
import {
  backOfficeOrder,
  findOrders,
  ORDER_STATUSES,
  type BackOfficeOrder,
  type OrderFilter,
} from '../commerce/orders/back-office';
import { ORDER_STATUS_TRANSITIONS, transitionOrderStatus, type OrderStatus } from '../commerce/orders/orders';
import type { OrderAddress } from '../commerce/orders/orders';
import { announceMail, copyMailStatement } from '../commerce/mail/outbox';
import { builtInApiOnly, doneTo, writers, type AdminContext, type AdminEnv } from './context';
import { renderAdmin, renderAdminMessage } from './render';
import { adminDateTime, adminMarkets, adminMoney, pageOf, pagesOf } from './pages';
import { auditStatement, mayWrite } from './staff';
import { adminMailSetup } from './mail-setup';
import { REFUND_PROBLEM_NOTICES, refundOrder } from './refund';

const PER_PAGE = 50;
const PAYMENT_METHODS = ['CARD', 'SWISH', 'INVOICE', 'INSTALMENT'] as const;
const OrderNumber = v.pipe(v.string(), v.regex(/^\d{1,12}$/));
const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/), v.isoDate());
const optional = <S extends v.GenericSchema<string, string>>(schema: S) =>
  v.optional(v.union([v.literal(''), schema]), '');

const Filter = v.object({
  status: optional(v.picklist([...ORDER_STATUSES, 'HELD'])),
  market: optional(v.pipe(v.string(), v.maxLength(40))),
  payment: optional(v.picklist(PAYMENT_METHODS)),
  from: optional(Day),
  to: optional(Day),
  q: optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
});

const Move = v.object({
  status: v.picklist(['PROCESSING', 'COMPLETED', 'CANCELLED']),
  trackingLink: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.maxLength(500), v.url(), v.startsWith('https://'))]),
    '',
  ),
});

const money = adminMoney;

const statusLabel = (c: AdminContext, status: string) => c.var.at(`status.${status}` as AdminKey);
const paymentLabel = (c: AdminContext, method: string) =>
  (PAYMENT_METHODS as readonly string[]).includes(method) ? c.var.at(`payment.${method}` as AdminKey) : method;

const providerLabel = (c: AdminContext, provider: string) =>
  ['built-in', 'klarna', 'avarda'].includes(provider) ? c.var.at(`provider.${provider}` as AdminKey) : provider;

function addressText(address: OrderAddress): string {
  return [
    address.company,
    `${address.firstName} ${address.lastName}`.trim(),
    address.careOf && `c/o ${address.careOf}`,
    address.addressLine1,
    address.addressLine2,
    address.addressLine3,
    `${address.zip} ${address.city}`.trim(),
    address.country,
  ]
    .filter((part) => part && part.trim())
    .join('\n');
}

function orderView(c: AdminContext, found: BackOfficeOrder) {
  const { order } = found;
  const at = c.var.at;
  const cur = order.currency;
  const held = found.heldAt !== null && order.status !== 'CANCELLED';
  const canWrite = mayWrite(c.var.staff);
  return (
    <OrderPage
      at={at}
      canWrite={canWrite}
      number={order.orderNumber}
      status={held ? `${statusLabel(c, order.status)} · ${at('status.HELD')}` : statusLabel(c, order.status)}
      placed={adminDateTime(c, order.createdAt)}
      heldSince={held ? adminDateTime(c, found.heldAt!) : null}
      moves={ORDER_STATUS_TRANSITIONS[order.status]
        .filter((to) => to !== 'RECEIVED')
        .map((to) => ({ value: to, label: statusLabel(c, to) }))}
      trackingLink={order.trackingLink}
      refundable={
        canWrite &&
        order.status !== 'PENDING_PAYMENT' &&
        !(
          order.status === 'CANCELLED' &&
          found.payments.every((payment) => payment.status !== 'CAPTURED' && payment.status !== 'AUTHORIZED')
        ) &&
        (found.lines.some((line) => line.refunded < line.quantity) || found.shippingRefundable)
      }
      shippingRefundable={found.shippingRefundable}
      shippingFee={money(c, order.amounts.shippingFeeIncVat, cur)}
      lines={found.lines.map((line) => ({
        position: line.position,
        article: line.articleNumber,
        name: line.name,
        quantity: line.quantity,
        unitPrice: money(c, line.unitPriceIncVat, cur),
        discount: money(c, line.discountIncVat, cur),
        total: money(c, line.totalIncVat, cur),
        refunded: line.refunded,
      }))}
      totals={[
        { label: at('order.items'), value: money(c, order.amounts.itemValueIncVat, cur) },
        { label: at('order.shipping'), value: money(c, order.amounts.shippingFeeIncVat, cur) },
        { label: at('order.discount'), value: money(c, order.amounts.discountIncVat, cur) },
        {
          label: at('order.paidWithBalance'),
          value: money(c, order.amounts.balanceUsed + order.amounts.giftCardUsed, cur),
        },
        { label: at('order.grandTotal'), value: money(c, order.amounts.totalIncVat, cur) },
        { label: at('order.vat'), value: money(c, order.amounts.vat, cur) },
      ]}
      customer={[
        {
          label: at('orders.customer'),
          value: order.customerId === null ? at('order.guest') : at('order.customerAccount'),
        },
        { label: at('order.email'), value: order.email },
        { label: at('order.identity'), value: order.personalId ?? order.organizationId ?? '–' },
        ...(order.customerOrderNumber ? [{ label: at('order.reference'), value: order.customerOrderNumber }] : []),
        ...(order.vatNumber ? [{ label: at('order.vatNumber'), value: order.vatNumber }] : []),
        ...(order.message ? [{ label: at('order.message'), value: order.message }] : []),
      ]}
      billing={addressText(order.billingAddress)}
      delivery={addressText(order.shippingAddress)}
      payment={[
        { label: at('orders.paymentMethod'), value: paymentLabel(c, order.paymentMethod) },
        { label: at('order.provider'), value: providerLabel(c, found.paymentProvider) },
        ...(order.trackingLink ? [{ label: at('order.trackingLink'), value: order.trackingLink }] : []),
      ]}
      payments={found.payments.map((payment) => ({
        reference: payment.reference,
        status: c.var.at(`paymentStatus.${payment.status}` as AdminKey) || payment.status,
        amount: money(c, payment.amount, cur),
        when: adminDateTime(c, payment.createdAt),
      }))}
      refunds={found.refunds.map((refund) => ({
        when: adminDateTime(c, refund.createdAt),
        amount: money(c, refund.amountIncVat, cur),
        reason: refund.reason ?? '',
      }))}
      timeline={[
        ...found.history.map((event) => ({ at: event.at, what: statusLabel(c, event.status) })),
        ...(found.heldAt ? [{ at: found.heldAt, what: at('status.HELD') }] : []),
        ...(found.releasedAt ? [{ at: found.releasedAt, what: at('order.released') }] : []),
        ...found.withdrawals.map((withdrawal) => ({
          at: withdrawal.at,
          what: at('order.withdrawal', { units: withdrawal.units }),
        })),
      ]
        .sort((a, b) => a.at.localeCompare(b.at))
        .map((event) => ({ when: adminDateTime(c, event.at), what: event.what }))}
      mails={found.mails.map((mail) => ({
        id: mail.id,
        subject: mail.subject || mail.kind,
        recipient: mail.recipient,
        state: mail.sentAt
          ? at('order.sent', { date: adminDateTime(c, mail.sentAt) })
          : mail.failedAt
            ? at('order.failed')
            : at('order.waiting', { attempts: mail.attempts }),
        resendable: mail.subject !== '',
      }))}
    />
  );
}

export function orderRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.use('*', builtInApiOnly);
  routes.use('*', writers);

  routes.get('/', async function orderList(c) {
    const parsed = v.safeParse(Filter, c.req.query());
    const filter = parsed.success ? parsed.output : { status: '', market: '', payment: '', from: '', to: '', q: '' };
    const markets = await adminMarkets(c);
    const known: OrderFilter = {
      status: (filter.status || undefined) as OrderFilter['status'],
      marketId: markets.some((market) => market.value === filter.market) ? filter.market : undefined,
      paymentMethod: filter.payment || undefined,
      from: filter.from || undefined,
      to: filter.to || undefined,
      search: filter.q || undefined,
    };
    const { page, skip, take } = pageOf(c, PER_PAGE);
    const { total, rows } = await findOrders(c.env.DB, known, { skip, take });
    const query = new URLSearchParams(
      Object.entries(filter).filter(([, value]) => value !== '') as [string, string][],
    ).toString();
    return renderAdmin(c, {
      title: c.var.at('orders.title'),
      body: (
        <OrdersPage
          at={c.var.at}
          filter={filter}
          statuses={[...ORDER_STATUSES, 'HELD'].map((status) => ({ value: status, label: statusLabel(c, status) }))}
          markets={markets}
          payments={PAYMENT_METHODS.map((method) => ({ value: method, label: paymentLabel(c, method) }))}
          rows={rows.map((row) => ({
            number: row.orderNumber,
            placed: adminDateTime(c, row.createdAt),
            name: row.name,
            email: row.email,
            market: markets.find((market) => market.value === row.marketId)?.label ?? row.marketId,
            payment: paymentLabel(c, row.paymentMethod),
            total: money(c, row.totalIncVat, row.currency),
            status: row.held ? c.var.at('status.HELD') : statusLabel(c, row.status),
          }))}
          total={total}
          page={page}
          pages={pagesOf(total, PER_PAGE)}
          base={query ? `/admin/orders?${query}` : '/admin/orders'}
          problem={parsed.success ? null : c.var.at('orders.badDate')}
        />
      ),
    });
  });

  routes.get('/:number', async function orderPage(c) {
    const number = v.safeParse(OrderNumber, c.req.param('number'));
    const found = number.success ? await backOfficeOrder(c.env.DB, number.output) : null;
    if (!found) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    return renderAdmin(c, {
      title: c.var.at('order.title', { number: found.order.orderNumber }),
      body: orderView(c, found),
    });
  });

  routes.post('/:number/status', async function moveOrder(c) {
    const number = c.req.param('number');
    const path = `/admin/orders/${number}` as const;
    const row = v.is(OrderNumber, number)
      ? await c.env.DB.prepare('SELECT id, status, held_at, tracking_link FROM orders WHERE order_number = ?')
          .bind(number)
          .first<{ id: number; status: OrderStatus; held_at: string | null; tracking_link: string | null }>()
      : null;
    if (!row) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const move = v.safeParse(Move, await c.req.parseBody());
    if (!move.success) return doneTo(c, path, 'order.trackingInvalid', undefined, 'error');
    const { status, trackingLink } = move.output;
    if (row.held_at !== null && status !== 'CANCELLED') return doneTo(c, path, 'order.heldFirst', undefined, 'error');
    const now = new Date();
    const newLink = trackingLink || null;
    const alongside = [
      ...(newLink !== null && newLink !== row.tracking_link
        ? [c.env.DB.prepare('UPDATE orders SET tracking_link = ? WHERE id = ?').bind(newLink, row.id)]
        : []),
      auditStatement(
        c.env.DB,
        c.var.staff,
        {
          action: 'order.status',
          subject: `order:${number}`,
          before: { status: row.status, trackingLink: row.tracking_link },
          after: { status, trackingLink: newLink ?? row.tracking_link },
        },
        now,
      ),
    ];
    const result = await transitionOrderStatus(c.env.DB, row.id, status, now, {
      alongside,
      mail: (await adminMailSetup(c, now)) ?? undefined,
    });
    if (result !== 'CHANGED')
      return doneTo(
        c,
        path,
        'order.notAllowed',
        { from: statusLabel(c, row.status), to: statusLabel(c, status) },
        'error',
      );
    return doneTo(c, path, 'order.moved', { status: statusLabel(c, status) });
  });

  routes.post('/:number/refund', async function refund(c) {
    const number = c.req.param('number');
    const row = v.is(OrderNumber, number)
      ? await c.env.DB.prepare('SELECT id FROM orders WHERE order_number = ?').bind(number).first<{ id: number }>()
      : null;
    if (!row) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const path = `/admin/orders/${number}` as const;
    const form = await c.req.parseBody();
    const reason = v.safeParse(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)), form.reason);
    const choice = new Map<number, number>();
    for (const [name, value] of Object.entries(form)) {
      const position = /^refund-(\d{1,4})$/.exec(name)?.[1];
      if (!position || typeof value !== 'string' || value.trim() === '' || value.trim() === '0') continue;
      if (!/^\d{1,5}$/.test(value.trim())) return doneTo(c, path, 'order.refundExceeds', undefined, 'error');
      choice.set(Number(position), Number(value.trim()));
    }
    if (!reason.success) return doneTo(c, path, 'order.refundEmpty', undefined, 'error');
    const outcome = await refundOrder(c, {
      orderId: row.id,
      orderNumber: number,
      choice,
      shipping: form.shipping === 'yes',
      reason: reason.output,
    });
    if (outcome.kind === 'REFUNDED')
      return doneTo(c, path, 'order.refundDone', { amount: money(c, outcome.amount, outcome.currency) });
    return doneTo(c, path, REFUND_PROBLEM_NOTICES[outcome.kind], undefined, 'error');
  });

  routes.post('/:number/release', async function releaseOrder(c) {
    const number = c.req.param('number');
    if (!v.is(OrderNumber, number)) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const now = new Date();
    const [released] = await c.env.DB.batch([
      c.env.DB.prepare(
        "UPDATE orders SET held_at = NULL, released_at = ? WHERE order_number = ? AND held_at IS NOT NULL AND status <> 'CANCELLED'",
      ).bind(now.toISOString(), number),
      auditStatement(
        c.env.DB,
        c.var.staff,
        { action: 'order.release', subject: `order:${number}`, before: { held: true }, after: { held: false } },
        now,
        { afterChange: true },
      ),
    ]);
    const path = `/admin/orders/${number}` as const;
    if (released!.meta.changes !== 1) return doneTo(c, path, 'order.notHeld', undefined, 'error');
    return doneTo(c, path, 'order.released');
  });

  routes.post('/:number/mails/:id{[0-9]{1,12}}/resend', async function resendMail(c) {
    const number = c.req.param('number');
    const found = v.is(OrderNumber, number) ? await backOfficeOrder(c.env.DB, number) : null;
    if (!found) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const path = `/admin/orders/${number}` as const;
    const mail = found.mails.find((candidate) => candidate.id === Number(c.req.param('id')));
    // Only a mail of this order: an id in the form is never a key to another order's mail.
    if (!mail) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const now = new Date();
    const [copied] = await c.env.DB.batch<{ id: number }>([
      copyMailStatement(c.env.DB, mail.id, `resend-order-${found.order.id}-${mail.id}-${now.getTime()}`, now),
      auditStatement(
        c.env.DB,
        c.var.staff,
        {
          action: 'order.mail.resend',
          subject: `order:${number} mail:${mail.id}`,
          before: null,
          after: { kind: mail.kind },
        },
        now,
        { afterChange: true },
      ),
    ]);
    const id = copied!.results[0]?.id;
    if (id === undefined) return doneTo(c, path, 'order.resendGone', undefined, 'error');
    await announceMail(c.env.MAIL_QUEUE, id);
    return doneTo(c, path, 'order.resent');
  });

  return routes;
}
