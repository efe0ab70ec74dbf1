/**
 * Catalog import (issue 27): upload a CSV or JSON file; it is checked first (every problem by line) and
 * applied only when staff say so, in batches, with its progress.
 */
import type { AdminTranslate } from '../../../locales/admin';
import { ReadOnlyNote, Table } from './parts';

export const IMPORT_EXAMPLE = `product;sku;gtin;name;brand;category;stock;price_SEK;price_EUR;published
KG-900100;KG-900100-1;7350000001007;Exempelpenna blå;Pilot;kulspetspennor;40;29,90;2,90;ja`;

export interface ImportPageProps {
  at: AdminTranslate;
  canWrite: boolean;
  problems: string[] | null;
  recent: { id: number; file: string; who: string; when: string; rows: number; status: string }[];
}

export function ImportPage({ at, canWrite, problems, recent }: ImportPageProps) {
  return (
    <>
      <h1>{at('import.title')}</h1>
      {canWrite ? null : <ReadOnlyNote at={at} />}
      {problems ? (
        <section className="admin-panel admin-problems" aria-labelledby="import-problems" role="alert">
          <h2 id="import-problems">{at('import.problemsTitle')}</h2>
          <p>{at('import.problemsIntro')}</p>
          <ul>
            {problems.map((problem, index) => (
              <li key={index}>{problem}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {canWrite ? (
        <section className="admin-panel" aria-labelledby="import-upload">
          <h2 id="import-upload">{at('import.upload')}</h2>
          <form className="admin-form" method="post" action="/admin/import" encType="multipart/form-data">
            <label>
              {at('import.file')}
              <input
                type="file"
                name="file"
                accept=".csv,.json,text/csv,application/json"
                required
                aria-describedby="import-hint"
              />
              <small id="import-hint">{at('import.fileHint')}</small>
            </label>
            <button className="admin-button admin-button--primary" type="submit">
              {at('import.check')}
            </button>
          </form>
          <h3>{at('import.columns')}</h3>
          <p>{at('import.columnsHelp')}</p>
          <h3>{at('import.example')}</h3>
          <pre className="admin-code">{IMPORT_EXAMPLE}</pre>
        </section>
      ) : null}
      <h2>{at('import.recent')}</h2>
      {recent.length === 0 ? (
        <p>{at('import.none')}</p>
      ) : (
        <Table
          caption={at('import.recent')}
          head={[at('import.file_'), at('import.who'), at('import.when'), at('import.rows'), at('import.status')]}
        >
          {recent.map((row) => (
            <tr key={row.id}>
              <td>
                <a href={`/admin/import/${row.id}`}>{row.file}</a>
              </td>
              <td>{row.who}</td>
              <td>{row.when}</td>
              <td className="admin-number">{row.rows}</td>
              <td>{row.status}</td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}

export interface ImportDetailProps {
  at: AdminTranslate;
  canWrite: boolean;
  id: number;
  file: string;
  summary: string;
  status: 'CHECKED' | 'APPLYING' | 'DONE';
  statusText: string;
  done: number;
  total: number;
  finished: string | null;
}

export function ImportDetailPage(props: ImportDetailProps) {
  const { at } = props;
  return (
    <>
      <p>
        <a href="/admin/import">{at('import.title')}</a>
      </p>
      <h1>{at('import.detailTitle', { id: props.id, file: props.file })}</h1>
      <section className="admin-panel" aria-labelledby="import-state">
        <h2 id="import-state">{props.statusText}</h2>
        <p>{props.summary}</p>
        {props.status !== 'CHECKED' ? (
          <p>
            <label>
              {at('import.progress', { done: props.done, total: props.total })}{' '}
              <progress max={props.total} value={props.done}>
                {props.done} / {props.total}
              </progress>
            </label>
          </p>
        ) : null}
        {props.finished ? <p>{props.finished}</p> : null}
        {props.canWrite && props.status !== 'APPLYING' ? (
          <form className="admin-form" method="post" action={`/admin/import/${props.id}/apply`}>
            <button className="admin-button admin-button--primary" type="submit">
              {props.status === 'DONE' ? at('import.applyAgain') : at('import.apply')}
            </button>
            <small>{at('import.applyHint')}</small>
          </form>
        ) : null}
      </section>
    </>
  );
}
