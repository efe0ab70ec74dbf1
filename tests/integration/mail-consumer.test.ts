// Issue 13, "Mail that is really delivered": the mail Queue's consumer and the outbox sweep. A mail is
// delivered at most once (a second message, a second consumer, a sent row: no second send), retried
// with backoff while the provider fails, given up when the provider refuses it, and never lost (a row
// whose message went missing is announced again).
import { describe, expect, test } from 'vitest';
import { env } from '../helpers';
import worker from '../../worker/index';
import { deliverMailBatch, type MailDelivery } from '../../worker/mail/consumer';
import { announceStrandedMail } from '../../worker/mail/sweep';
import { resendProvider } from '../../worker/mail/resend';
import { createFakeResend } from '../fakes/resend';
import { outboxRow, outboxRowOf, recordingQueue, runBatch } from './mail-helpers';

const NOW = new Date('2026-03-01T12:00:00.000Z');

/** A consumer over the test D1 that sends through a fake Resend, at NOW. */
function consumerWithResend(overrides: Partial<MailDelivery> = {}) {
  const resend = createFakeResend();
  const delivery: MailDelivery = {
    db: env.DB,
    provider: resendProvider({ apiKey: resend.apiKey, fetch: resend.fetch }),
    from: 'Kontorsgiganten <order@example.se>',
    now: () => NOW,
    ...overrides,
  };
  return { resend, consume: (batch: MessageBatch<unknown>) => deliverMailBatch(batch, delivery) };
}

const outage = { statusCode: 503, name: 'internal_server_error', message: 'Service unavailable.' };

describe('the mail consumer', () => {
  test('sends a queued mail once, with the row as its idempotency key, and records it as sent', async () => {
    const id = await outboxRow({ recipient: 'ada@example.se', subject: 'Välkommen till Kontorsgiganten' });
    const { resend, consume } = consumerWithResend();
    expect(await runBatch([{ id }], consume)).toEqual({ acked: ['m0'], retried: [] });
    expect(resend.delivered).toHaveLength(1);
    expect(resend.requests[0]!.headers['idempotency-key']).toBe(`outgoing-email-${id}-1772359200000`);
    expect(resend.requests[0]!.body).toMatchObject({
      from: 'Kontorsgiganten <order@example.se>',
      to: 'ada@example.se',
      subject: 'Välkommen till Kontorsgiganten',
    });
    expect(await outboxRowOf(id)).toMatchObject({
      sent_at: '2026-03-01T12:00:00.000Z',
      attempts: 1,
      provider_message_id: 'fake-resend-1',
      claimed_at: null,
      last_error: null,
    });
  });

  test('the same message twice in a batch sends one mail', async () => {
    const id = await outboxRow();
    const { resend, consume } = consumerWithResend();
    expect(await runBatch([{ id }, { id }], consume)).toEqual({ acked: ['m0', 'm1'], retried: [] });
    expect(resend.requests).toHaveLength(1);
  });

  test('two consumers given the same mail at the same moment send it once', async () => {
    const id = await outboxRow();
    const { resend, consume } = consumerWithResend();
    await Promise.all([runBatch([{ id }], consume), runBatch([{ id }], consume)]);
    expect(resend.requests).toHaveLength(1);
    expect((await outboxRowOf(id)).attempts).toBe(1);
  });

  test('a row already sent is acked without a send', async () => {
    const id = await outboxRow({ sent_at: '2026-03-01T11:00:00.000Z' });
    const { resend, consume } = consumerWithResend();
    expect(await runBatch([{ id }], consume)).toEqual({ acked: ['m0'], retried: [] });
    expect(resend.requests).toHaveLength(0);
  });

  test('a row another consumer claimed two minutes ago is left to it; a claim seven minutes old has lapsed', async () => {
    const held = await outboxRow({ claimed_at: '2026-03-01T11:58:00.000Z', claim_id: 'other' });
    const lapsed = await outboxRow({ claimed_at: '2026-03-01T11:53:00.000Z', claim_id: 'other', attempts: 1 });
    const { resend, consume } = consumerWithResend();
    expect(await runBatch([{ id: held }, { id: lapsed }], consume)).toEqual({ acked: ['m0', 'm1'], retried: [] });
    expect(resend.requests.map((request) => request.headers['idempotency-key'])).toEqual([
      `outgoing-email-${lapsed}-1772359200000`,
    ]);
    expect(await outboxRowOf(held)).toMatchObject({ sent_at: null, claim_id: 'other' });
    expect(await outboxRowOf(lapsed)).toMatchObject({ sent_at: '2026-03-01T12:00:00.000Z', attempts: 2 });
  });

  test('a failing provider gets the mail again after 30 s, then 60 s, with the attempts and the error recorded', async () => {
    const id = await outboxRow();
    const { resend, consume } = consumerWithResend();
    resend.answerNext(503, outage);
    resend.answerNext(429, { statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests.' });

    expect(await runBatch([{ id }], consume)).toEqual({ acked: [], retried: [{ msgId: 'm0', delaySeconds: 30 }] });
    expect(await outboxRowOf(id)).toMatchObject({
      sent_at: null,
      attempts: 1,
      last_error: 'resend 503 internal_server_error: Service unavailable.',
      next_attempt_at: '2026-03-01T12:00:30.000Z',
      claimed_at: null,
    });

    expect(await runBatch([{ id }], consume, { attempts: 2 })).toEqual({
      acked: [],
      retried: [{ msgId: 'm0', delaySeconds: 60 }],
    });
    expect(await outboxRowOf(id)).toMatchObject({
      attempts: 2,
      last_error: 'resend 429 rate_limit_exceeded: Too many requests.',
      next_attempt_at: '2026-03-01T12:01:00.000Z',
    });

    expect(await runBatch([{ id }], consume, { attempts: 3 })).toEqual({ acked: ['m0'], retried: [] });
    expect(await outboxRowOf(id)).toMatchObject({ sent_at: '2026-03-01T12:00:00.000Z', attempts: 3, last_error: null });
    expect(resend.delivered).toHaveLength(1);
  });

  test('the backoff doubles up to an hour: the seventh failure waits 1920 s, the ninth 3600 s', async () => {
    const seventh = await outboxRow({ attempts: 6 });
    const ninth = await outboxRow({ attempts: 8 });
    const { resend, consume } = consumerWithResend();
    resend.answerNext(500, outage);
    resend.answerNext(500, outage);
    expect((await runBatch([{ id: seventh }, { id: ninth }], consume)).retried).toEqual([
      { msgId: 'm0', delaySeconds: 1920 },
      { msgId: 'm1', delaySeconds: 3600 },
    ]);
  });

  test('the twelfth failure gives the mail up, and the message is acked', async () => {
    const id = await outboxRow({ attempts: 11 });
    const { resend, consume } = consumerWithResend();
    resend.answerNext(500, outage);
    expect(await runBatch([{ id }], consume)).toEqual({ acked: ['m0'], retried: [] });
    expect(await outboxRowOf(id)).toMatchObject({
      sent_at: null,
      failed_at: '2026-03-01T12:00:00.000Z',
      attempts: 12,
      last_error: 'gave up after 12 attempts: resend 500 internal_server_error: Service unavailable.',
    });
  });

  test('a mail the provider refuses is given up at once', async () => {
    const id = await outboxRow({ recipient: 'not-an-address' });
    const { resend, consume } = consumerWithResend();
    resend.answerNext(422, { statusCode: 422, name: 'validation_error', message: 'Invalid `to` field.' });
    expect(await runBatch([{ id }], consume)).toEqual({ acked: ['m0'], retried: [] });
    expect(await outboxRowOf(id)).toMatchObject({
      failed_at: '2026-03-01T12:00:00.000Z',
      last_error: 'resend 422 validation_error: Invalid `to` field.',
    });
    expect(await runBatch([{ id }], consume)).toEqual({ acked: ['m0'], retried: [] });
    expect(resend.requests).toHaveLength(1);
  });

  test('an answer lost on the way back is retried with the same key, and Resend sends nothing twice', async () => {
    const id = await outboxRow();
    const { resend, consume } = consumerWithResend();
    resend.loseNextAnswer();
    expect((await runBatch([{ id }], consume)).retried).toEqual([{ msgId: 'm0', delaySeconds: 30 }]);
    expect(await runBatch([{ id }], consume, { attempts: 2 })).toEqual({ acked: ['m0'], retried: [] });
    expect(resend.requests).toHaveLength(2);
    expect(resend.delivered).toHaveLength(1);
    expect((await outboxRowOf(id)).provider_message_id).toBe('fake-resend-1');
  });

  test('a reset mail not delivered while its key worked is given up, not sent', async () => {
    const id = await outboxRow({ kind: 'PASSWORD_RESET', send_before: '2026-03-01T11:00:00.000Z' });
    const { resend, consume } = consumerWithResend();
    expect(await runBatch([{ id }], consume)).toEqual({ acked: ['m0'], retried: [] });
    expect(resend.requests).toHaveLength(0);
    expect(await outboxRowOf(id)).toMatchObject({
      failed_at: '2026-03-01T12:00:00.000Z',
      last_error: 'not sent before it expired',
    });
    // One that another consumer is sending right now is left to it.
    const held = await outboxRow({
      kind: 'PASSWORD_RESET',
      send_before: '2026-03-01T11:00:00.000Z',
      claimed_at: '2026-03-01T11:59:00.000Z',
      claim_id: 'other',
    });
    expect(await runBatch([{ id: held }], consume)).toEqual({ acked: ['m0'], retried: [] });
    expect(await outboxRowOf(held)).toMatchObject({ failed_at: null, claim_id: 'other' });
  });

  test('with no provider the mail stays in the outbox untouched, and the message is acked', async () => {
    const id = await outboxRow();
    const { consume } = consumerWithResend({ provider: null });
    expect(await runBatch([{ id }], consume)).toEqual({ acked: ['m0'], retried: [] });
    expect(await outboxRowOf(id)).toMatchObject({ sent_at: null, failed_at: null, attempts: 0, claimed_at: null });
  });

  test('a message that names no outbox row is dropped', async () => {
    const { resend, consume } = consumerWithResend();
    expect(await runBatch([{ id: 'x' }, null], consume)).toEqual({ acked: ['m0', 'm1'], retried: [] });
    expect(resend.requests).toHaveLength(0);
  });
});

describe("the worker's queue handler", () => {
  test('with DEV_MAILBOX the mail is marked delivered without leaving the machine', async () => {
    const id = await outboxRow();
    const devEnv = { ...env, DEV_MAILBOX: 'true' } as unknown as Env;
    const outcome = await runBatch([{ id }], (batch) => worker.queue(batch, devEnv));
    expect(outcome).toEqual({ acked: ['m0'], retried: [] });
    const row = await outboxRowOf(id);
    expect(row.sent_at).not.toBeNull();
    expect(row.provider_message_id).toBeNull();
  });
});

describe('the outbox sweep', () => {
  test('announces again the undelivered rows whose message went missing, and only those', async () => {
    const stranded = await outboxRow({ next_attempt_at: '2026-03-01T11:50:00.000Z' });
    const lapsedClaim = await outboxRow({
      next_attempt_at: '2026-03-01T11:40:00.000Z',
      claimed_at: '2026-03-01T11:40:00.000Z',
      claim_id: 'gone',
    });
    const fresh = await outboxRow({ next_attempt_at: '2026-03-01T11:58:00.000Z' });
    const retryDue = await outboxRow({ next_attempt_at: '2026-03-01T12:10:00.000Z', attempts: 3 });
    const held = await outboxRow({
      next_attempt_at: '2026-03-01T11:40:00.000Z',
      claimed_at: '2026-03-01T11:58:00.000Z',
    });
    const sent = await outboxRow({ sent_at: '2026-03-01T11:00:00.000Z' });
    const failed = await outboxRow({ failed_at: '2026-03-01T11:00:00.000Z' });
    const expired = await outboxRow({ send_before: '2026-03-01T11:00:00.000Z' });

    const queue = recordingQueue();
    const announced = await announceStrandedMail(env.DB, queue, NOW);
    const ids = queue.sent.map((message) => message.id);
    expect(ids).toEqual(announced);
    expect(ids).toEqual(expect.arrayContaining([stranded, lapsedClaim]));
    for (const id of [fresh, retryDue, held, sent, failed, expired]) expect(ids).not.toContain(id);
    expect((await outboxRowOf(stranded)).next_attempt_at).toBe('2026-03-01T12:00:00.000Z');

    // The next run, five minutes on, leaves them to the messages just sent.
    const again = recordingQueue();
    await announceStrandedMail(env.DB, again, new Date('2026-03-01T12:04:00.000Z'));
    expect(again.sent.map((message) => message.id)).not.toContain(stranded);
  });
});
