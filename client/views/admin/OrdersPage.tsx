/** The order list (issue 27): filters and search as a plain GET form, newest first, paged. */
import type { AdminTranslate } from '../../../locales/admin';
import { Pager, Table } from './parts';

export interface Choice {
  value: string;
  label: string;
}

export interface OrdersPageProps {
  at: AdminTranslate;
  filter: { status: string; market: string; payment: string; from: string; to: string; q: string };
  statuses: Choice[];
  markets: Choice[];
  payments: Choice[];
  rows: {
    number: string;
    placed: string;
    name: string;
    email: string;
    market: string;
    payment: string;
    total: string;
    status: string;
  }[];
  total: number;
  page: number;
  pages: number;
  /** The list's address with its filters, for the pager. */
  base: string;
  problem: string | null;
}

function Select({
  name,
  label,
  value,
  choices,
  any,
}: {
  name: string;
  label: string;
  value: string;
  choices: Choice[];
  any: string;
}) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value}>
        <option value="">{any}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function OrdersPage(props: OrdersPageProps) {
  const { at, filter } = props;
  return (
    <>
      <h1>{at('orders.title')}</h1>
      <form className="admin-form admin-panel" method="get" action="/admin/orders" aria-label={at('orders.filters')}>
        <label>
          {at('orders.search')}
          <input type="search" name="q" defaultValue={filter.q} maxLength={100} aria-describedby="orders-search-hint" />
          <small id="orders-search-hint">{at('orders.searchHint')}</small>
        </label>
        <Select
          name="status"
          label={at('orders.status')}
          value={filter.status}
          choices={props.statuses}
          any={at('orders.any')}
        />
        <Select
          name="market"
          label={at('orders.market')}
          value={filter.market}
          choices={props.markets}
          any={at('orders.any')}
        />
        <Select
          name="payment"
          label={at('orders.paymentMethod')}
          value={filter.payment}
          choices={props.payments}
          any={at('orders.any')}
        />
        <label>
          {at('orders.from')}
          <input type="date" name="from" defaultValue={filter.from} />
        </label>
        <label>
          {at('orders.to')}
          <input type="date" name="to" defaultValue={filter.to} />
        </label>
        <button className="admin-button admin-button--primary" type="submit">
          {at('orders.show')}
        </button>
        <a href="/admin/orders">{at('orders.clear')}</a>
      </form>
      {props.problem ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {props.problem}
        </p>
      ) : null}
      <p className="admin-muted">
        {props.total === 1 ? at('orders.countOne') : at('orders.count', { count: props.total })}
      </p>
      {props.rows.length === 0 ? (
        <p>{at('orders.empty')}</p>
      ) : (
        <Table
          caption={at('orders.title')}
          head={[
            at('orders.number'),
            at('orders.date'),
            at('orders.customer'),
            at('orders.market'),
            at('orders.paymentMethod'),
            at('orders.total'),
            at('orders.status'),
          ]}
        >
          {props.rows.map((row) => (
            <tr key={row.number}>
              <td>
                <a href={`/admin/orders/${row.number}`}>{row.number}</a>
              </td>
              <td>{row.placed}</td>
              <td>
                {row.name}
                <br />
                <span className="admin-muted">{row.email}</span>
              </td>
              <td>{row.market}</td>
              <td>{row.payment}</td>
              <td className="admin-number">{row.total}</td>
              <td>{row.status}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager at={at} page={props.page} pages={props.pages} base={props.base} />
    </>
  );
}
