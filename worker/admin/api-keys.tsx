/**
 * /admin/api-keys (issue 27, the owner's): the merchant REST API's keys. A key is shown once, on the
 * answer to the form that made it (never in a cookie, a log or a redirect); only its hash is kept. Making
 * and revoking keys is audit-logged.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ApiKeysPage } from '../../client/views/admin/ApiKeysPage';
import {
  listMerchantKeys,
  MERCHANT_SCOPES,
  newMerchantKey,
  revokeMerchantKeyStatement,
} from '../commerce/merchant-keys';
import { doneTo, ownerOnly, type AdminContext, type AdminEnv } from './context';
import { renderAdmin, renderAdminMessage } from './render';
import { adminDateTime } from './pages';
import { auditStatement } from './staff';

const KeyForm = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80)),
  scope: v.pipe(v.array(v.picklist(MERCHANT_SCOPES)), v.minLength(1)),
});

async function page(c: AdminContext, made: string | null) {
  const keys = await listMerchantKeys(c.env.DB);
  return renderAdmin(c, {
    title: c.var.at('apiKeys.title'),
    body: (
      <ApiKeysPage
        at={c.var.at}
        made={made}
        keys={keys.map((key) => ({
          id: key.id,
          name: key.name,
          scopes: key.scopes,
          created: `${adminDateTime(c, key.createdAt)}, ${key.createdBy}`,
          lastUsed: key.lastUsedAt ? adminDateTime(c, key.lastUsedAt) : c.var.at('apiKeys.never'),
          revoked: key.revokedAt ? c.var.at('apiKeys.revoked', { date: adminDateTime(c, key.revokedAt) }) : null,
        }))}
      />
    ),
  });
}

export function apiKeyRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.use('*', ownerOnly);
  routes.get('/', (c) => page(c, null));

  routes.post('/', async function makeKey(c) {
    const body = await c.req.parseBody({ all: true });
    const form = v.safeParse(KeyForm, { name: body.name, scope: [body.scope ?? []].flat() });
    if (!form.success) return doneTo(c, '/admin/api-keys', 'apiKeys.invalid', undefined, 'error');
    const now = new Date();
    const key = await newMerchantKey(c.env.DB, form.output.name, form.output.scope, c.var.staff.email, now);
    const [made] = await c.env.DB.batch<{ id: number }>([
      key.statement,
      auditStatement(
        c.env.DB,
        c.var.staff,
        {
          action: 'apikey.create',
          subject: `apikey:${form.output.name}`,
          before: null,
          after: { scopes: form.output.scope },
        },
        now,
      ),
    ]);
    return page(c, key.reveal(made!.results[0]!.id));
  });

  routes.post('/:id{[0-9]{1,10}}/revoke', async function revoke(c) {
    const id = Number(c.req.param('id'));
    const now = new Date();
    const [revoked] = await c.env.DB.batch([
      revokeMerchantKeyStatement(c.env.DB, id, now),
      auditStatement(
        c.env.DB,
        c.var.staff,
        { action: 'apikey.revoke', subject: `apikey:${id}`, before: null, after: null },
        now,
        {
          afterChange: true,
        },
      ),
    ]);
    if (revoked!.meta.changes !== 1) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    return doneTo(c, '/admin/api-keys', 'apiKeys.revokedNotice');
  });

  return routes;
}
