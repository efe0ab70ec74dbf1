// Issue 27, the mail outbox: staff see every mail and its state, and send one that did not go out again as
// a new mail with the same words; never one whose words are gone or that held an expiring link. The
// outbox is the storefront's own: in front of a remote API it is there, while orders and the catalog are not.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { accessShop, addStaffMember, admin, noticeCookie, serveTeamCerts, textOf } from './admin-helpers';

const STAFF = 'postrummet@kontorsgiganten.se';
let stop: () => void;
beforeAll(async () => {
  stop = await serveTeamCerts();
  await addStaffMember(STAFF, 'staff');
  await addStaffMember('bara-las@kontorsgiganten.se', 'viewer');
});
afterAll(() => stop());

/** A mail the provider refused for good, as the consumer leaves it. */
async function failedMail(kind = 'ORDER_STATUS', words = true): Promise<number> {
  const at = new Date().toISOString();
  const row = await env.DB.prepare(
    `INSERT INTO outgoing_emails (recipient, language_id, kind, subject, body, html, created_at, attempts, failed_at, last_error, next_attempt_at)
     VALUES (?, 'sv-SE', ?, ?, ?, '<p>Hej</p>', ?, 5, ?, 'resend: 422 invalid recipient', ?) RETURNING id`,
  )
    .bind(
      words ? `mottagare-${crypto.randomUUID().slice(0, 6)}@example.se` : 'unsent-1@deleted.invalid',
      kind,
      words ? 'Din order 100042 behandlas' : '',
      words ? 'Hej! Din order behandlas.' : '',
      at,
      at,
      at,
    )
    .first<{ id: number }>();
  return row!.id;
}

describe('the mail outbox', () => {
  test('a mail that did not go out is listed with why, and sent again as a new mail', async () => {
    const id = await failedMail();
    const failed = textOf(await (await admin('/admin/mail', { as: STAFF })).text());
    expect(failed).toContain('Din order 100042 behandlas Orderstatus Gick inte fram');
    expect(failed).toContain('resend: 422 invalid recipient');
    const retried = await admin(`/admin/mail/${id}/retry`, { as: STAFF, form: {} });
    expect(
      textOf(await (await admin('/admin/mail?state=all', { as: STAFF, cookie: noticeCookie(retried) })).text()),
    ).toContain('Mejlet är köat igen som ett nytt mejl.');
    const copies = await env.DB.prepare(
      'SELECT recipient, subject, body, failed_at FROM outgoing_emails WHERE event_key LIKE ? OR id = ? ORDER BY id',
    )
      .bind(`retry-${id}-%`, id)
      .all<{ recipient: string; subject: string; body: string; failed_at: string | null }>();
    expect(copies.results).toHaveLength(2);
    expect(copies.results[1]).toMatchObject({
      subject: 'Din order 100042 behandlas',
      body: 'Hej! Din order behandlas.',
      failed_at: null,
    });
    expect(copies.results[1]!.recipient).toBe(copies.results[0]!.recipient);
    expect(
      await env.DB.prepare("SELECT staff_email FROM staff_audit WHERE action = 'mail.retry' AND subject = ?")
        .bind(`mail:${id}`)
        .first(),
    ).toEqual({ staff_email: STAFF });
  });

  test('a mail given up (its words gone) or a reset link is not sent again; a viewer sends nothing', async () => {
    for (const id of [await failedMail('ORDER_STATUS', false), await failedMail('PASSWORD_RESET')]) {
      const refused = await admin(`/admin/mail/${id}/retry`, { as: STAFF, form: {} });
      expect(textOf(await (await admin('/admin/mail', { as: STAFF, cookie: noticeCookie(refused) })).text())).toContain(
        'Mejlet kan inte skickas igen',
      );
      expect(
        await env.DB.prepare('SELECT COUNT(*) AS n FROM outgoing_emails WHERE event_key LIKE ?')
          .bind(`retry-${id}-%`)
          .first(),
      ).toEqual({ n: 0 });
    }
    const id = await failedMail();
    expect((await admin(`/admin/mail/${id}/retry`, { as: 'bara-las@kontorsgiganten.se', form: {} })).status).toBe(403);
  });

  test('in front of a remote API the outbox is there, and the API’s orders and catalog are not', async () => {
    const remote = { ...accessShop, GRAPHQL_ENDPOINT: 'https://api.merchant.example/graphql' };
    const home = await admin('/admin', { as: STAFF, environment: remote });
    const text = textOf(await home.text());
    expect(text).toContain(
      'Butiken hämtar sina ordrar, kunder och produkter från https://api.merchant.example/graphql',
    );
    expect(text).toContain('Mejl som inte gick fram');
    expect(text).not.toContain('Ordrar att behandla');
    expect((await admin('/admin/mail', { as: STAFF, environment: remote })).status).toBe(200);
    for (const path of ['/admin/orders', '/admin/products', '/admin/customers', '/admin/reviews', '/admin/returns'])
      expect((await admin(path, { as: STAFF, environment: remote })).status).toBe(404);
  });
});
