/**
 * One order as staff see it (issue 27): what to do with it first (release a held order, move it on),
 * then its lines, totals, addresses, payment, what happened to it, and the mails it sent.
 */
import type { AdminTranslate } from '../../../locales/admin';
import type { Choice } from './OrdersPage';
import { Table } from './parts';

export interface OrderPageProps {
  at: AdminTranslate;
  canWrite: boolean;
  number: string;
  status: string;
  placed: string;
  /** Since when a held order waits for the merchant, or null. */
  heldSince: string | null;
  /** The statuses the order may move to now. */
  moves: Choice[];
  trackingLink: string | null;
  lines: {
    position: number;
    article: string;
    name: string;
    quantity: number;
    unitPrice: string;
    discount: string;
    total: string;
    refunded: number;
  }[];
  totals: { label: string; value: string }[];
  /** Staff may refund some of it (a writer, an order that was paid and is not all refunded). */
  refundable: boolean;
  shippingRefundable: boolean;
  shippingFee: string;
  customer: { label: string; value: string }[];
  billing: string;
  delivery: string;
  payment: { label: string; value: string }[];
  payments: { reference: string; status: string; amount: string; when: string }[];
  refunds: { when: string; amount: string; reason: string }[];
  timeline: { when: string; what: string }[];
  mails: { id: number; subject: string; recipient: string; state: string; resendable: boolean }[];
}

function Facts({ facts }: { facts: { label: string; value: string }[] }) {
  return (
    <dl className="admin-facts">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function OrderPage(props: OrderPageProps) {
  const { at } = props;
  const base = `/admin/orders/${props.number}`;
  return (
    <>
      <p>
        <a href="/admin/orders">{at('order.back')}</a>
      </p>
      <h1>{at('order.title', { number: props.number })}</h1>
      <p>
        <span className="admin-status">{props.status}</span> · {at('order.placed', { date: props.placed })}
      </p>

      {props.heldSince ? (
        <section className="admin-panel" aria-labelledby="order-held">
          <h2 id="order-held">{at('status.HELD')}</h2>
          <p>{at('order.held', { date: props.heldSince })}</p>
          {props.canWrite ? (
            <div className="admin-review__actions">
              <form className="admin-form" method="post" action={`${base}/release`}>
                <button className="admin-button admin-button--primary" type="submit">
                  {at('order.release')}
                </button>
              </form>
              <form className="admin-form" method="post" action={`${base}/status`}>
                <input type="hidden" name="status" value="CANCELLED" />
                <button className="admin-button admin-button--danger" type="submit">
                  {at('order.cancelHeld')}
                </button>
              </form>
            </div>
          ) : null}
        </section>
      ) : null}

      {props.canWrite && !props.heldSince ? (
        <section className="admin-panel" aria-labelledby="order-move">
          <h2 id="order-move">{at('order.move')}</h2>
          {props.moves.length === 0 ? (
            <p>{at('order.noMoves')}</p>
          ) : (
            <form className="admin-form" method="post" action={`${base}/status`}>
              <label>
                {at('order.moveTo')}
                <select name="status">
                  {props.moves.map((move) => (
                    <option key={move.value} value={move.value}>
                      {move.label}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {at('order.trackingLink')}
                <input
                  type="url"
                  name="trackingLink"
                  defaultValue={props.trackingLink ?? ''}
                  maxLength={500}
                  placeholder="https://"
                  aria-describedby="order-tracking-hint"
                />
                <small id="order-tracking-hint">{at('order.trackingHint')}</small>
              </label>
              <button className="admin-button admin-button--primary" type="submit">
                {at('order.move')}
              </button>
            </form>
          )}
        </section>
      ) : null}

      <h2>{at('order.lines')}</h2>
      <form className="admin-refund" method="post" action={`${base}/refund`}>
        <Table
          caption={at('order.lines')}
          head={[
            at('order.article'),
            at('order.quantity'),
            at('order.unitPrice'),
            at('order.discount'),
            at('order.lineTotal'),
            at('order.refunded'),
            ...(props.refundable ? [at('order.refund')] : []),
          ]}
        >
          {props.lines.map((line) => (
            <tr key={line.position}>
              <td>
                {line.name}
                <br />
                <span className="admin-muted">{line.article}</span>
              </td>
              <td className="admin-number">{line.quantity}</td>
              <td className="admin-number">{line.unitPrice}</td>
              <td className="admin-number">{line.discount}</td>
              <td className="admin-number">{line.total}</td>
              <td className="admin-number">{line.refunded}</td>
              {props.refundable ? (
                <td>
                  {line.quantity > line.refunded ? (
                    <input
                      className="admin-units"
                      type="number"
                      name={`refund-${line.position}`}
                      min={0}
                      max={line.quantity - line.refunded}
                      defaultValue={0}
                      inputMode="numeric"
                      aria-label={at('order.refundUnits', { name: line.name })}
                    />
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </Table>
        {props.refundable ? (
          <div className="admin-form admin-panel">
            {props.shippingRefundable ? (
              <label className="admin-check">
                <input type="checkbox" name="shipping" value="yes" />{' '}
                {at('order.refundShipping', { amount: props.shippingFee })}
              </label>
            ) : null}
            <label>
              {at('order.refundReason')}
              <input type="text" name="reason" required maxLength={200} />
            </label>
            <button className="admin-button admin-button--primary" type="submit">
              {at('order.refundButton')}
            </button>
          </div>
        ) : null}
      </form>

      <div className="admin-grid">
        <section className="admin-panel" aria-labelledby="order-totals">
          <h2 id="order-totals">{at('order.totals')}</h2>
          <Facts facts={props.totals} />
        </section>
        <section className="admin-panel" aria-labelledby="order-payment">
          <h2 id="order-payment">{at('order.payment')}</h2>
          <Facts facts={props.payment} />
          {props.payments.length === 0 ? (
            <p className="admin-muted">{at('order.noPayments')}</p>
          ) : (
            <ul>
              {props.payments.map((payment) => (
                <li key={payment.reference}>
                  {payment.when}: {payment.amount}, {payment.status} ({at('order.paymentReference')}{' '}
                  <code>{payment.reference}</code>)
                </li>
              ))}
            </ul>
          )}
          {props.refunds.length > 0 ? (
            <>
              <h3>{at('order.refunds')}</h3>
              <ul>
                {props.refunds.map((refund, index) => (
                  <li key={index}>
                    {refund.when}: {refund.amount}
                    {refund.reason ? ` (${refund.reason})` : ''}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section className="admin-panel" aria-labelledby="order-customer">
          <h2 id="order-customer">{at('order.contact')}</h2>
          <Facts facts={props.customer} />
        </section>
        <section className="admin-panel" aria-labelledby="order-addresses">
          <h2 id="order-addresses">{at('order.addresses')}</h2>
          <h3>{at('order.billing')}</h3>
          <address className="admin-address">{props.billing}</address>
          <h3>{at('order.delivery')}</h3>
          <address className="admin-address">{props.delivery}</address>
        </section>
        <section className="admin-panel" aria-labelledby="order-timeline">
          <h2 id="order-timeline">{at('order.timeline')}</h2>
          <ol className="admin-timeline">
            {props.timeline.map((event, index) => (
              <li key={index}>
                {event.when}: {event.what}
              </li>
            ))}
          </ol>
        </section>
        <section className="admin-panel" aria-labelledby="order-mails">
          <h2 id="order-mails">{at('order.mails')}</h2>
          {props.mails.length === 0 ? (
            <p>{at('order.noMails')}</p>
          ) : (
            <ul>
              {props.mails.map((mail) => (
                <li key={mail.id}>
                  <strong>{mail.subject}</strong> → {mail.recipient}: {mail.state}
                  {props.canWrite && mail.resendable ? (
                    <form className="admin-form" method="post" action={`${base}/mails/${mail.id}/resend`}>
                      <button className="admin-button" type="submit">
                        {at('order.resend')}
                        <span className="admin-skip"> {mail.subject}</span>
                      </button>
                    </form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
