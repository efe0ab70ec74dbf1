// Issue 24, "Account deletion leaves unsent mails": the outbox keeps no address or words of a person who
// deleted their account, and no unsent mail waits in it forever (with no provider they used to).
import { describe, expect, test } from 'vitest';
import { env } from '../helpers';
import worker from '../../worker/index';
import { deleteCustomer } from '../../worker/commerce/customers/customers';
import { outboxRow, outboxRowOf } from './mail-helpers';
import { createCart, createCustomer, createProduct } from './factories';
import { placeInvoiceOrderAs } from './checkout-helpers';

/** A customer account with an order whose typed address differs from the account's. */
async function customerWithOrder() {
  const email = `radera-${crypto.randomUUID().slice(0, 8)}@example.se`;
  const typed = `annan-${crypto.randomUUID().slice(0, 8)}@example.se`;
  const { id, token } = await createCustomer(email);
  const product = await createProduct({ name: 'Raderingspenna Utkorg', prices: { '1|se': 2900 } });
  await placeInvoiceOrderAs(token, await createCart({ [product.skuId]: 1 }));
  await env.DB.prepare('UPDATE orders SET email = ? WHERE customer_id = ?').bind(typed, id).run();
  return { id, email, typed };
}

describe('the outbox and a deleted account', () => {
  test('unsent mails to the account (and to the address typed on its orders) are given up and scrubbed at deletion', async () => {
    const { id, email, typed } = await customerWithOrder();
    const welcome = await outboxRow({ recipient: email, kind: 'WELCOME' });
    const confirmation = await outboxRow({
      recipient: typed,
      kind: 'ORDER_CONFIRMATION',
      subject: 'Tack för din order 1234',
      body: 'Leveransadress: Storgatan 1, 111 22 Stockholm',
      html: '<p>Storgatan 1</p>',
    });
    const sent = await outboxRow({ recipient: email, sent_at: '2026-03-01T10:01:00.000Z' });
    const stranger = await outboxRow({ recipient: 'someone-else@example.se' });

    expect(await deleteCustomer(env.DB, id, new Date('2026-03-02T09:00:00.000Z'))).toBe(true);

    for (const mailId of [welcome, confirmation]) {
      // Before, these kept the address, the order's delivery address, and waited to be sent.
      expect(await outboxRowOf(mailId)).toMatchObject({
        recipient: `deleted-${id}@deleted.invalid`,
        subject: '',
        body: '',
        html: null,
        sent_at: null,
        failed_at: '2026-03-02T09:00:00.000Z',
        last_error: 'account deleted',
      });
    }
    expect(await outboxRowOf(sent)).toMatchObject({
      recipient: `deleted-${id}@deleted.invalid`,
      body: '',
      sent_at: '2026-03-01T10:01:00.000Z',
      failed_at: null,
    });
    expect(await outboxRowOf(stranger)).toMatchObject({ recipient: 'someone-else@example.se', failed_at: null });
  });

  test('the scheduled sweep gives up unsent mail older than a day (or past its send-before), provider or not', async () => {
    const old = await outboxRow({ created_at: '2026-03-01T10:00:00.000Z' });
    const expiredReset = await outboxRow({
      kind: 'PASSWORD_RESET',
      created_at: '2026-03-02T08:00:00.000Z',
      send_before: '2026-03-02T09:00:00.000Z',
    });
    const recent = await outboxRow({ created_at: '2026-03-02T08:30:00.000Z' });
    const held = await outboxRow({ created_at: '2026-03-01T09:00:00.000Z', claimed_at: '2026-03-02T11:58:00.000Z' });
    const waiting: Promise<unknown>[] = [];
    // wrangler.toml's MAIL_PROVIDER is empty: nobody delivers mail here, as in a shop without a provider.
    worker.scheduled!(
      { scheduledTime: Date.parse('2026-03-02T12:00:00.000Z'), cron: '*/5 * * * *', noRetry() {} },
      env,
      { waitUntil: (promise: Promise<unknown>) => void waiting.push(promise), passThroughOnException() {} } as never,
    );
    await Promise.allSettled(waiting);
    for (const mailId of [old, expiredReset]) {
      expect(await outboxRowOf(mailId)).toMatchObject({
        recipient: `unsent-${mailId}@deleted.invalid`,
        subject: '',
        body: '',
        html: null,
        failed_at: '2026-03-02T12:00:00.000Z',
        last_error: 'not delivered in time: address and text removed',
      });
    }
    expect(await outboxRowOf(recent)).toMatchObject({ failed_at: null, subject: 'Välkommen till Kontorsgiganten' });
    // A consumer sending it right now keeps it.
    expect(await outboxRowOf(held)).toMatchObject({ failed_at: null });
  });
});
