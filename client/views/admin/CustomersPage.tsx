/** Customers (issue 27): find one by e-mail, name, company, phone or identity number. */
import type { AdminTranslate } from '../../../locales/admin';
import { Pager, Table } from './parts';

export interface CustomersPageProps {
  at: AdminTranslate;
  q: string;
  rows: { id: number; email: string; name: string; since: string; orders: number }[];
  total: number;
  page: number;
  pages: number;
  base: string;
}

export function CustomersPage({ at, q, rows, total, page, pages, base }: CustomersPageProps) {
  return (
    <>
      <h1>{at('customers.title')}</h1>
      <form className="admin-form admin-panel" method="get" action="/admin/customers" role="search">
        <label>
          {at('customers.search')}
          <input type="search" name="q" defaultValue={q} maxLength={100} aria-describedby="customers-search-hint" />
          <small id="customers-search-hint">{at('customers.searchHint')}</small>
        </label>
        <button className="admin-button admin-button--primary" type="submit">
          {at('customers.show')}
        </button>
      </form>
      <p className="admin-muted">{total === 1 ? at('customers.countOne') : at('customers.count', { count: total })}</p>
      {rows.length === 0 ? (
        <p>{at('customers.empty')}</p>
      ) : (
        <Table
          caption={at('customers.title')}
          head={[at('customers.customer'), at('customers.since'), at('customers.orders')]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <a href={`/admin/customers/${row.id}`}>{row.name || row.email}</a>
                <br />
                <span className="admin-muted">{row.email}</span>
              </td>
              <td>{row.since}</td>
              <td className="admin-number">{row.orders}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager at={at} page={page} pages={pages} base={base} />
    </>
  );
}
