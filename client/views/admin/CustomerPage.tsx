/**
 * One customer (issue 27): who they are, their balance (adjusted with a reason), orders and consents;
 * logging in as them (spec §6), exporting their personal data, and deleting them.
 */
import type { AdminTranslate } from '../../../locales/admin';
import type { Choice } from './OrdersPage';
import { ReadOnlyNote, Table } from './parts';

export interface CustomerPageProps {
  at: AdminTranslate;
  canWrite: boolean;
  id: number;
  name: string;
  facts: { label: string; value: string }[];
  balances: string[];
  ledger: { when: string; amount: string; note: string }[];
  currencies: Choice[];
  orders: { number: string; when: string; status: string; total: string }[];
  consents: string[];
  /** Logging in as the customer is offered (the built-in API's own accounts, a writer). */
  canImpersonate: boolean;
}

export function CustomerPage(props: CustomerPageProps) {
  const { at, canWrite } = props;
  const base = `/admin/customers/${props.id}`;
  return (
    <>
      <p>
        <a href="/admin/customers">{at('customer.back')}</a>
      </p>
      <h1>{props.name}</h1>
      {canWrite ? null : <ReadOnlyNote at={at} />}
      <section className="admin-panel" aria-labelledby="customer-facts">
        <h2 id="customer-facts" className="admin-skip">
          {props.name}
        </h2>
        <dl className="admin-facts">
          {props.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd className="admin-address">{fact.value}</dd>
            </div>
          ))}
        </dl>
        {props.canImpersonate ? (
          <form className="admin-form" method="post" action={`${base}/impersonate`}>
            <button className="admin-button admin-button--primary" type="submit">
              {at('impersonation.start')}
            </button>
            <small>{at('impersonation.hint')}</small>
          </form>
        ) : null}
      </section>

      <div className="admin-grid">
        <section className="admin-panel" aria-labelledby="customer-balance">
          <h2 id="customer-balance">{at('customer.balance')}</h2>
          {props.balances.length === 0 ? <p>{at('customer.noBalance')}</p> : <p>{props.balances.join(' · ')}</p>}
          {props.ledger.length > 0 ? (
            <>
              <h3>{at('customer.ledger')}</h3>
              <ul>
                {props.ledger.map((entry, index) => (
                  <li key={index}>
                    {entry.when}: {entry.amount}
                    {entry.note ? ` (${entry.note})` : ''}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {canWrite ? (
            <form className="admin-form" method="post" action={`${base}/balance`}>
              <h3 className="admin-form__title">{at('customer.adjust')}</h3>
              <label>
                {at('customer.amount')}
                <input
                  type="text"
                  name="amount"
                  inputMode="decimal"
                  required
                  pattern="-?[0-9]+([,.][0-9]{1,2})?"
                  aria-describedby="customer-amount-hint"
                />
                <small id="customer-amount-hint">{at('customer.amountHint')}</small>
              </label>
              <label>
                {at('customer.currency')}
                <select name="currency">
                  {props.currencies.map((currency) => (
                    <option key={currency.value} value={currency.value}>
                      {currency.label}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {at('customer.reason')}
                <input type="text" name="reason" required maxLength={200} aria-describedby="customer-reason-hint" />
                <small id="customer-reason-hint">{at('customer.reasonHint')}</small>
              </label>
              <button className="admin-button admin-button--primary" type="submit">
                {at('customer.adjustButton')}
              </button>
            </form>
          ) : null}
        </section>
        <section className="admin-panel" aria-labelledby="customer-consents">
          <h2 id="customer-consents">{at('customer.consents')}</h2>
          <ul>
            {props.consents.map((consent) => (
              <li key={consent}>{consent}</li>
            ))}
          </ul>
        </section>
      </div>

      <h2>{at('customer.orders')}</h2>
      {props.orders.length === 0 ? (
        <p>{at('customer.noOrders')}</p>
      ) : (
        <Table
          caption={at('customer.orders')}
          head={[at('orders.number'), at('orders.date'), at('orders.status'), at('orders.total')]}
        >
          {props.orders.map((order) => (
            <tr key={order.number}>
              <td>
                <a href={`/admin/orders/${order.number}`}>{order.number}</a>
              </td>
              <td>{order.when}</td>
              <td>{order.status}</td>
              <td className="admin-number">{order.total}</td>
            </tr>
          ))}
        </Table>
      )}

      {canWrite ? (
        <section className="admin-panel" aria-labelledby="customer-data">
          <h2 id="customer-data">{at('customer.personalData')}</h2>
          <form className="admin-form" method="post" action={`${base}/export`}>
            <button className="admin-button" type="submit">
              {at('customer.export')}
            </button>
            <small>{at('customer.exportHint')}</small>
          </form>
          <form className="admin-form" method="post" action={`${base}/delete`}>
            <p>{at('customer.deleteHint')}</p>
            <label className="admin-check">
              <input type="checkbox" name="confirm" value="yes" required /> {at('customer.deleteConfirm')}
            </label>
            <button className="admin-button admin-button--danger" type="submit">
              {at('customer.delete')}
            </button>
          </form>
        </section>
      ) : null}
    </>
  );
}
