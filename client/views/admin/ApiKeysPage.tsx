/** The merchant API's keys (issue 27): each with its scopes; made and revoked by the owner. */
import type { AdminTranslate } from '../../../locales/admin';
import { Table } from './parts';

const SCOPES = ['stock:write', 'prices:write', 'products:write', 'orders:read', 'orders:write'] as const;

export interface ApiKeysPageProps {
  at: AdminTranslate;
  /** A key just made: shown once. */
  made: string | null;
  keys: { id: number; name: string; scopes: string[]; created: string; lastUsed: string; revoked: string | null }[];
}

export function ApiKeysPage({ at, made, keys }: ApiKeysPageProps) {
  return (
    <>
      <h1>{at('apiKeys.title')}</h1>
      <p>
        {at('apiKeys.intro', { docs: '/api/merchant/v1/openapi.json' })}{' '}
        <a href="/api/merchant/v1/openapi.json">{at('apiKeys.docs')}</a>
      </p>
      {made ? (
        <section className="admin-panel" aria-labelledby="api-key-made" role="status">
          <h2 id="api-key-made">{at('apiKeys.made')}</h2>
          <pre className="admin-code">{made}</pre>
        </section>
      ) : null}
      {keys.length === 0 ? (
        <p>{at('apiKeys.none')}</p>
      ) : (
        <Table
          caption={at('apiKeys.title')}
          head={[at('apiKeys.name'), at('apiKeys.scopes'), at('apiKeys.created'), at('apiKeys.lastUsed'), '']}
        >
          {keys.map((key) => (
            <tr key={key.id}>
              <td>{key.name}</td>
              <td>{key.scopes.map((scope) => at(`apiKeys.scope.${scope as (typeof SCOPES)[number]}`)).join(', ')}</td>
              <td>{key.created}</td>
              <td>{key.lastUsed}</td>
              <td>
                {key.revoked ?? (
                  <form className="admin-form" method="post" action={`/admin/api-keys/${key.id}/revoke`}>
                    <button className="admin-button admin-button--danger" type="submit">
                      {at('apiKeys.revoke')}
                      <span className="admin-skip"> {key.name}</span>
                    </button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <h2>{at('apiKeys.create')}</h2>
      <form className="admin-form admin-panel" method="post" action="/admin/api-keys">
        <label>
          {at('apiKeys.name')}
          <input type="text" name="name" required maxLength={80} />
        </label>
        <fieldset className="admin-scopes">
          <legend>{at('apiKeys.scopes')}</legend>
          {SCOPES.map((scope) => (
            <label className="admin-check" key={scope}>
              <input type="checkbox" name="scope" value={scope} /> {at(`apiKeys.scope.${scope}`)}
            </label>
          ))}
        </fieldset>
        <button className="admin-button admin-button--primary" type="submit">
          {at('apiKeys.createButton')}
        </button>
      </form>
    </>
  );
}
