/** Stock and prices (issue 27): find a product by name, article number or EAN. */
import type { AdminTranslate } from '../../../locales/admin';
import { Pager, Table } from './parts';

export interface ProductsPageProps {
  at: AdminTranslate;
  q: string;
  rows: { id: number; name: string; article: string; stock: number; published: boolean }[];
  total: number;
  page: number;
  pages: number;
  base: string;
}

export function ProductsPage({ at, q, rows, total, page, pages, base }: ProductsPageProps) {
  return (
    <>
      <h1>{at('products.title')}</h1>
      <form className="admin-form admin-panel" method="get" action="/admin/products" role="search">
        <label>
          {at('products.search')}
          <input type="search" name="q" defaultValue={q} maxLength={100} aria-describedby="products-search-hint" />
          <small id="products-search-hint">{at('products.searchHint')}</small>
        </label>
        <button className="admin-button admin-button--primary" type="submit">
          {at('products.show')}
        </button>
      </form>
      <p className="admin-muted">{total === 1 ? at('products.countOne') : at('products.count', { count: total })}</p>
      {rows.length === 0 ? (
        <p>{at('products.empty')}</p>
      ) : (
        <Table
          caption={at('products.title')}
          head={[at('products.name'), at('products.article'), at('products.stock'), at('products.state')]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <a href={`/admin/products/${row.id}`}>{row.name}</a>
              </td>
              <td>{row.article}</td>
              <td className="admin-number">{row.stock}</td>
              <td>{row.published ? at('products.published') : at('products.hidden')}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager at={at} page={page} pages={pages} base={base} />
    </>
  );
}
