/** The mail outbox (issue 27): every mail the shop queued and its state; send one again. */
import type { AdminTranslate } from '../../../locales/admin';
import { Pager, ReadOnlyNote, Table } from './parts';

export interface MailPageProps {
  at: AdminTranslate;
  canWrite: boolean;
  state: 'waiting' | 'failed' | 'sent' | 'all';
  rows: { id: number; when: string; to: string; subject: string; kind: string; status: string; resendable: boolean }[];
  total: number;
  page: number;
  pages: number;
}

const STATES = ['failed', 'waiting', 'sent', 'all'] as const;

export function MailPage({ at, canWrite, state, rows, total, page, pages }: MailPageProps) {
  return (
    <>
      <h1>
        {at('mail.title')} ({total})
      </h1>
      {canWrite ? null : <ReadOnlyNote at={at} />}
      <nav className="admin-tabs" aria-label={at('mail.state')}>
        {STATES.map((name) => (
          <a key={name} href={`/admin/mail?state=${name}`} aria-current={name === state ? 'page' : undefined}>
            {at(`mail.${name}`)}
          </a>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p>{at('mail.empty')}</p>
      ) : (
        <Table
          caption={at('mail.title')}
          head={[at('mail.when'), at('mail.to'), at('mail.subject'), at('mail.kind'), at('mail.status'), '']}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.when}</td>
              <td>{row.to}</td>
              <td>{row.subject}</td>
              <td>{row.kind}</td>
              <td>{row.status}</td>
              <td>
                {canWrite && row.resendable ? (
                  <form className="admin-form" method="post" action={`/admin/mail/${row.id}/retry`}>
                    <button className="admin-button" type="submit">
                      {at('mail.retry')}
                      <span className="admin-skip"> {row.subject}</span>
                    </button>
                  </form>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager at={at} page={page} pages={pages} base={`/admin/mail?state=${state}`} />
    </>
  );
}
