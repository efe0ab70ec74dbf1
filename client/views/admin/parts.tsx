/** Small pieces every back-office page uses: the pager, a table, a read-only note. */
import type { ReactNode } from 'react';
import type { AdminTranslate } from '../../../locales/admin';

export interface PagerProps {
  at: AdminTranslate;
  page: number;
  pages: number;
  /** The page's address without `page` (its filters kept), e.g. '/admin/orders?status=PENDING'. */
  base: string;
}

function pageHref(base: string, page: number): string {
  if (page <= 1) return base;
  return `${base}${base.includes('?') ? '&' : '?'}page=${page}`;
}

/** Previous and next links, and where the staff member is; nothing when everything fits one page. */
export function Pager({ at, page, pages, base }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={at('common.page', { page })}>
      {page > 1 ? <a href={pageHref(base, page - 1)}>{at('common.previous')}</a> : null}
      <span>
        {at('common.page', { page })} / {pages}
      </span>
      {page < pages ? <a href={pageHref(base, page + 1)}>{at('common.next')}</a> : null}
    </nav>
  );
}

/** A table with its caption, scrolled sideways on a narrow screen rather than squeezed. */
export function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="admin-skip">{caption}</caption>
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function ReadOnlyNote({ at }: { at: AdminTranslate }) {
  return <p className="admin-muted">{at('common.readOnly')}</p>;
}
