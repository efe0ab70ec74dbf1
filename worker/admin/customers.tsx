/**
 * /admin/customers (issue 27): find a customer; read their orders, balance and consents; adjust the
 * balance with a reason; log in as them (spec §6 "logging in as user": a banner on every page of that
 * session, nothing that pays, changes the password or passkeys, or deletes the account, ended by the staff
 * member, audit-logged); export everything the shop holds about them (JSON) and delete them.
 */
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { CustomersPage } from '../../client/views/admin/CustomersPage';
import { CustomerPage } from '../../client/views/admin/CustomerPage';
import type { AdminKey } from '../../locales/admin';
import { localeOfLanguageId } from '../../locales';
import { pathFor } from '../../locales/routes';
import {
  adjustBalance,
  customerDataExport,
  customerForStaff,
  findCustomersForStaff,
  type StaffCustomer,
} from '../commerce/customers/customer-admin';
import { deleteCustomer } from '../commerce/customers/customers';
import { IMPERSONATION_MAX_AGE_S, sessionCustomerById, signImpersonationToken } from '../commerce/customers/auth';
import { verifyAuthToken } from '../identity/built-in-token';
import type { AppEnv } from '../app-env';
import {
  AUTH_COOKIE,
  BROWSER_KEY_COOKIE,
  REFRESH_COOKIE,
  USER_COOKIE,
  USER_MAX_AGE_COOKIE,
  preferenceCookie,
} from '../session/cookies';
import { endSessionCookies } from '../session/login';
import { builtInApiOnly, doneTo, writers, type AdminContext, type AdminEnv } from './context';
import { renderAdmin, renderAdminMessage } from './render';
import { adminDateTime, adminMoney, pageOf, pagesOf } from './pages';
import { auditStatement, mayWrite } from './staff';

const PER_PAGE = 50;
const CustomerId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number));
/** An amount as staff type it, in major units, signed: "100", "-49,50" → minor units, never 0. */
const SignedAmount = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^-?\d{1,6}([.,]\d{1,2})?$/),
  v.transform((text) => {
    const negative = text.startsWith('-');
    const [whole, fraction = ''] = text.replace('-', '').split(/[.,]/) as [string, string?];
    const amount = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    return negative ? -amount : amount;
  }),
  v.check((amount) => amount !== 0),
);
const Adjustment = v.object({
  amount: SignedAmount,
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  reason: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
});

const money = adminMoney;

async function currenciesOf(c: AdminContext): Promise<string[]> {
  // The shop's own market's currency first: the one staff pick most.
  const { results } = await c.env.DB.prepare(
    `SELECT currency_code, MAX(alias = ?) AS own FROM markets WHERE channel_id = ?
     GROUP BY currency_code ORDER BY own DESC, currency_code`,
  )
    .bind(c.var.config.fallbackMarketAlias, c.var.config.channelId)
    .all<{ currency_code: string }>();
  return results.map((row) => row.currency_code);
}

async function customerFromPath(c: AdminContext): Promise<StaffCustomer | null> {
  const id = v.safeParse(CustomerId, c.req.param('id'));
  return id.success ? customerForStaff(c.env.DB, id.output) : null;
}

function displayName(customer: StaffCustomer): string {
  const { firstName, lastName, company } = customer.record.address;
  return [firstName, lastName].filter(Boolean).join(' ') || company || customer.record.email;
}

async function customerView(c: AdminContext, customer: StaffCustomer) {
  const at = c.var.at;
  const { record } = customer;
  const address = record.address;
  return (
    <CustomerPage
      at={at}
      canWrite={mayWrite(c.var.staff)}
      canImpersonate={mayWrite(c.var.staff) && c.var.config.authSecret !== undefined}
      id={record.id}
      name={displayName(customer)}
      facts={[
        { label: at('order.email'), value: record.email },
        { label: at('customer.type'), value: at(`customer.${record.customerType}` as AdminKey) },
        { label: at('customers.since'), value: adminDateTime(c, customer.createdAt) },
        ...(customer.phone ? [{ label: at('customer.phone'), value: customer.phone }] : []),
        ...(record.personalId || record.organizationId
          ? [{ label: at('customer.identity'), value: (record.personalId ?? record.organizationId)! }]
          : []),
        {
          label: at('customer.address'),
          value:
            [
              address.company,
              address.addressLine1,
              address.addressLine2,
              [address.zip, address.city].filter(Boolean).join(' '),
              address.country,
            ]
              .filter(Boolean)
              .join('\n') || '–',
        },
      ]}
      balances={customer.balances.map((balance) => money(c, balance.amount, balance.currency))}
      ledger={customer.ledger.map((entry) => ({
        when: adminDateTime(c, entry.at),
        amount: money(c, entry.amount, entry.currency),
        note: [entry.note, entry.orderNumber ? at('customer.order', { number: entry.orderNumber }) : null]
          .filter(Boolean)
          .join(', '),
      }))}
      currencies={(await currenciesOf(c)).map((code) => ({ value: code, label: code }))}
      orders={customer.orders.map((order) => ({
        number: order.number,
        when: adminDateTime(c, order.at),
        status: at(`status.${order.status}` as AdminKey),
        total: money(c, order.total, order.currency),
      }))}
      consents={[
        customer.newsletterSince
          ? at('customer.newsletterYes', { date: adminDateTime(c, customer.newsletterSince) })
          : at('customer.newsletterNo'),
        at('customer.stockAlerts', { count: customer.stockAlerts }),
        at('customer.reviews', { count: customer.reviews }),
        at('customer.passkeys', { count: customer.passkeys }),
      ]}
    />
  );
}

export function customerRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.use('*', builtInApiOnly);
  routes.use('*', writers);

  routes.get('/', async function customerList(c) {
    const q = (c.req.query('q') ?? '').slice(0, 100);
    const { page, skip, take } = pageOf(c, PER_PAGE);
    const { total, rows } = await findCustomersForStaff(c.env.DB, q, { skip, take });
    return renderAdmin(c, {
      title: c.var.at('customers.title'),
      body: (
        <CustomersPage
          at={c.var.at}
          q={q}
          rows={rows.map((row) => ({
            id: row.id,
            email: row.email,
            name: row.name || row.company || '',
            since: adminDateTime(c, row.createdAt),
            orders: row.orders,
          }))}
          total={total}
          page={page}
          pages={pagesOf(total, PER_PAGE)}
          base={q ? `/admin/customers?q=${encodeURIComponent(q)}` : '/admin/customers'}
        />
      ),
    });
  });

  routes.get('/:id', async function customerPage(c) {
    const customer = await customerFromPath(c);
    if (!customer) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    return renderAdmin(c, { title: displayName(customer), body: await customerView(c, customer) });
  });

  routes.post('/:id/balance', async function changeBalance(c) {
    const customer = await customerFromPath(c);
    if (!customer) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const path = `/admin/customers/${customer.record.id}` as const;
    const form = v.safeParse(Adjustment, await c.req.parseBody());
    if (!form.success || !(await currenciesOf(c)).includes(form.output.currency))
      return doneTo(c, path, 'customer.adjustInvalid', undefined, 'error');
    const { amount, currency, reason } = form.output;
    const now = new Date();
    const before = customer.balances.find((balance) => balance.currency === currency)?.amount ?? 0;
    const result = await adjustBalance(c.env.DB, customer.record.id, currency, amount, reason, now, [
      auditStatement(
        c.env.DB,
        c.var.staff,
        {
          action: 'customer.balance',
          subject: `customer:${customer.record.id}`,
          before: { [currency]: before },
          after: { [currency]: before + amount, reason },
        },
        now,
      ),
    ]);
    if (result === 'BELOW_ZERO') return doneTo(c, path, 'customer.belowZero', undefined, 'error');
    return doneTo(c, path, 'customer.adjusted');
  });

  routes.post('/:id/export', async function exportData(c) {
    const id = v.safeParse(CustomerId, c.req.param('id'));
    const now = new Date();
    const data = id.success ? await customerDataExport(c.env.DB, id.output, now) : null;
    if (!id.success || !data) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    // Reading a person's data is recorded too: who took it out, and when.
    await auditStatement(
      c.env.DB,
      c.var.staff,
      { action: 'customer.export', subject: `customer:${id.output}`, before: null, after: null },
      now,
    ).run();
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="kund-${id.output}-${now.toISOString().slice(0, 10)}.json"`,
        'Cache-Control': 'no-store',
      },
    });
  });

  routes.post('/:id/delete', async function removeCustomer(c) {
    const customer = await customerFromPath(c);
    if (!customer) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const id = customer.record.id;
    if ((await c.req.parseBody()).confirm !== 'yes')
      return doneTo(c, `/admin/customers/${id}`, 'customer.deleteUnconfirmed', undefined, 'error');
    const now = new Date();
    // The log keeps that a customer was deleted and by whom, never who they were.
    if (await deleteCustomer(c.env.DB, id, now))
      await auditStatement(
        c.env.DB,
        c.var.staff,
        {
          action: 'customer.delete',
          subject: `customer:${id}`,
          before: { orders: customer.orders.length },
          after: null,
        },
        now,
      ).run();
    return doneTo(c, '/admin/customers', 'customer.deleted');
  });

  // Spec §6 "logging in as user": this browser becomes the customer's for IMPERSONATION_MAX_AGE_S, with
  // no refresh token; the staff member's own shop session in it, if any, ends.
  routes.post('/:id/impersonate', async function logInAsCustomer(c) {
    const id = v.safeParse(CustomerId, c.req.param('id'));
    const secret = c.var.config.authSecret;
    const customer = id.success ? await sessionCustomerById(c.env.DB, id.output) : null;
    if (!customer || !secret) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const now = new Date();
    const token = await signImpersonationToken(customer, c.var.staff.email, secret, now);
    await auditStatement(
      c.env.DB,
      c.var.staff,
      { action: 'customer.impersonate.start', subject: `customer:${customer.id}`, before: null, after: null },
      now,
    ).run();
    const shop = c as unknown as Context<AppEnv>;
    endSessionCookies(shop);
    setCookie(c, AUTH_COOKIE, token, { path: '/', maxAge: IMPERSONATION_MAX_AGE_S, httpOnly: true, sameSite: 'Lax' });
    setCookie(c, USER_COOKIE, customer.email, preferenceCookie(IMPERSONATION_MAX_AGE_S));
    setCookie(c, USER_MAX_AGE_COOKIE, String(IMPERSONATION_MAX_AGE_S), preferenceCookie(IMPERSONATION_MAX_AGE_S));
    // To the customer's orders, in their language: where staff helping a customer usually start.
    const language = await c.env.DB.prepare('SELECT language_id FROM customers WHERE id = ?')
      .bind(customer.id)
      .first<{ language_id: string | null }>();
    return c.redirect(pathFor('account-orders', localeOfLanguageId(language?.language_id)), 303);
  });

  return routes;
}

/**
 * POST /admin/impersonation/end, the banner's button: the staff member (and only they, or the owner)
 * ends the session logged in as the customer; the log says so; back to the customer in the back office.
 */
export function impersonationEndRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.post('/end', async function endImpersonation(c) {
    const secret = c.var.config.authSecret;
    const token = getCookie(c, AUTH_COOKIE);
    const customer = token && secret ? await verifyAuthToken(token, secret, c.env.DB) : undefined;
    if (!customer?.impersonatedBy) return c.redirect('/admin/customers', 303);
    if (customer.impersonatedBy !== c.var.staff.email && c.var.staff.role !== 'owner')
      return renderAdminMessage(c, 403, 'errors.forbiddenTitle', 'errors.ownerOnly');
    endSessionCookies(c as unknown as Context<AppEnv>);
    deleteCookie(c, REFRESH_COOKIE, { path: '/' });
    deleteCookie(c, BROWSER_KEY_COOKIE, { path: '/' });
    await auditStatement(
      c.env.DB,
      c.var.staff,
      { action: 'customer.impersonate.end', subject: `customer:${customer.id}`, before: null, after: null },
      new Date(),
    ).run();
    return doneTo(c, `/admin/customers/${customer.id}`, 'impersonation.ended');
  });
  return routes;
}
