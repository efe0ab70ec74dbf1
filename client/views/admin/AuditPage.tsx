/** The owner's audit log (issue 27): every staff write, who, when, what, before and after. */
import type { AdminTranslate } from '../../../locales/admin';
import { Pager, Table } from './parts';

export interface AuditPageProps {
  at: AdminTranslate;
  rows: { id: number; when: string; who: string; action: string; subject: string; before: string; after: string }[];
  page: number;
  pages: number;
}

export function AuditPage({ at, rows, page, pages }: AuditPageProps) {
  return (
    <>
      <h1>{at('audit.title')}</h1>
      {rows.length === 0 ? (
        <p>{at('audit.empty')}</p>
      ) : (
        <Table
          caption={at('audit.title')}
          head={[
            at('common.when'),
            at('common.who'),
            at('audit.action'),
            at('audit.subject'),
            at('audit.before'),
            at('audit.after'),
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.when}</td>
              <td>{row.who}</td>
              <td>
                <code>{row.action}</code>
              </td>
              <td>{row.subject}</td>
              <td>
                <pre>{row.before}</pre>
              </td>
              <td>
                <pre>{row.after}</pre>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager at={at} page={page} pages={pages} base="/admin/audit" />
    </>
  );
}
