/** Returns (issue 27): withdrawals as a queue; goods received, then refunded, each with its order. */
import type { AdminTranslate } from '../../../locales/admin';
import { Pager, ReadOnlyNote } from './parts';

export interface ReturnsPageProps {
  at: AdminTranslate;
  canWrite: boolean;
  state: 'open' | 'received' | 'refunded' | 'all';
  rows: {
    id: number;
    orderNumber: string;
    email: string;
    withdrawn: string;
    lines: string[];
    received: string | null;
    refunded: string | null;
  }[];
  total: number;
  page: number;
  pages: number;
}

const STATES = ['open', 'received', 'refunded', 'all'] as const;

export function ReturnsPage({ at, canWrite, state, rows, total, page, pages }: ReturnsPageProps) {
  return (
    <>
      <h1>
        {at('returns.title')} ({total})
      </h1>
      {canWrite ? null : <ReadOnlyNote at={at} />}
      <nav className="admin-tabs" aria-label={at('returns.state')}>
        {STATES.map((name) => (
          <a key={name} href={`/admin/returns?state=${name}`} aria-current={name === state ? 'page' : undefined}>
            {at(`returns.${name}`)}
          </a>
        ))}
      </nav>
      {rows.length === 0 ? <p>{at('returns.empty')}</p> : null}
      {rows.map((row) => (
        <article className="admin-panel admin-review" key={row.id} aria-labelledby={`return-${row.id}`}>
          <h2 id={`return-${row.id}`}>
            <a href={`/admin/orders/${row.orderNumber}`}>{at('returns.order', { number: row.orderNumber })}</a>
          </h2>
          <p className="admin-review__meta">
            {row.withdrawn} · {row.email}
          </p>
          <ul>
            {row.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {row.received ? <p>{row.received}</p> : null}
          {row.refunded ? <p>{row.refunded}</p> : null}
          {canWrite && !row.refunded ? (
            <div className="admin-review__actions">
              {row.received ? (
                <form className="admin-form" method="post" action={`/admin/returns/${row.id}/refund`}>
                  <button className="admin-button admin-button--primary" type="submit">
                    {at('returns.refund')}
                  </button>
                </form>
              ) : (
                <form className="admin-form" method="post" action={`/admin/returns/${row.id}/received`}>
                  <button className="admin-button admin-button--primary" type="submit">
                    {at('returns.markReceived')}
                  </button>
                </form>
              )}
            </div>
          ) : null}
        </article>
      ))}
      <Pager at={at} page={page} pages={pages} base={`/admin/returns?state=${state}`} />
    </>
  );
}
