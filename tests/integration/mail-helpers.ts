// Shared by the mail-*.test.ts files: outbox rows made directly in D1, a queue that records what it is
// sent, and a batch of the mail Queue run through a consumer with its acks and retries read back.
import { expect } from 'vitest';
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { eventually } from '../helpers';
import type { OutboxMessage } from '../../worker/commerce/mail/outbox';

/** An outbox row with `fields` over a plain queued mail; resolves with its id. */
export async function outboxRow(fields: Record<string, string | number | null> = {}): Promise<number> {
  const row: Record<string, string | number | null> = {
    recipient: `kund-${crypto.randomUUID().slice(0, 8)}@example.se`,
    language_id: 'sv-SE',
    kind: 'WELCOME',
    subject: 'Välkommen till Kontorsgiganten',
    body: 'Välkommen!',
    html: '<p>Välkommen!</p>',
    created_at: '2026-03-01T10:00:00.000Z',
    next_attempt_at: '2026-03-01T10:00:00.000Z',
    ...fields,
  };
  const columns = Object.keys(row);
  const inserted = await env.DB.prepare(
    `INSERT INTO outgoing_emails (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) RETURNING id`,
  )
    .bind(...Object.values(row))
    .first<{ id: number }>();
  return inserted!.id;
}

/** The outbox row `id` as stored. */
export async function outboxRowOf(id: number) {
  return (await env.DB.prepare('SELECT * FROM outgoing_emails WHERE id = ?').bind(id).first<Record<string, any>>())!;
}

/** A queue that keeps every message it is sent; `failing` makes every send throw. */
export function recordingQueue({ failing = false } = {}) {
  const sent: OutboxMessage[] = [];
  return {
    sent,
    async send(message: OutboxMessage) {
      if (failing) throw new Error('Queue send failed');
      sent.push(message);
      return undefined as unknown as QueueSendResponse;
    },
    async sendBatch(messages: Iterable<MessageSendRequest<OutboxMessage>>) {
      if (failing) throw new Error('Queue send failed');
      for (const message of messages) sent.push(message.body);
      return undefined as unknown as QueueSendBatchResponse;
    },
  };
}

/** What a consumer did with each message of a batch: acked, or retried after `delaySeconds`. */
export interface BatchOutcome {
  acked: string[];
  retried: { msgId: string; delaySeconds?: number }[];
}

/**
 * Runs `consume` over a mail Queue batch of `bodies` (message ids 'm0', 'm1', …, each on its `attempts`th
 * delivery) and reads back what it acked and retried. The runtime's result names the retried messages
 * but not their delay, so each message's `retry` is watched on its way through.
 */
export async function runBatch(
  bodies: unknown[],
  consume: (batch: MessageBatch<unknown>, ctx: ExecutionContext) => Promise<void>,
  { attempts = 1 } = {},
): Promise<BatchOutcome> {
  const batch = createMessageBatch<unknown>(
    'edge-storefront-mail',
    bodies.map((body, index) => ({ id: `m${index}`, timestamp: new Date(), attempts, body })),
  );
  const retried: BatchOutcome['retried'] = [];
  const watched: MessageBatch<unknown> = {
    queue: batch.queue,
    metadata: batch.metadata,
    ackAll: () => batch.ackAll(),
    retryAll: (options) => batch.retryAll(options),
    messages: batch.messages.map((message) => ({
      id: message.id,
      timestamp: message.timestamp,
      body: message.body,
      attempts: message.attempts,
      ack: () => message.ack(),
      retry: (options?: QueueRetryOptions) => {
        retried.push({ msgId: message.id, ...options });
        message.retry(options);
      },
    })),
  };
  const ctx = createExecutionContext();
  await consume(watched, ctx);
  const result = (await getQueueResult(batch, ctx)) as unknown as {
    explicitAcks: string[];
    retryMessages: { msgId: string }[];
  };
  expect(result.retryMessages.map((message) => message.msgId)).toEqual(retried.map((message) => message.msgId));
  return { acked: [...result.explicitAcks].sort(), retried };
}

/** The text of the first mail of `kind` queued to `recipient`, once it is in the outbox (queued after the answer). */
export async function queuedMailText(recipient: string, kind: string): Promise<string> {
  const row = await eventually(
    () =>
      env.DB.prepare('SELECT body FROM outgoing_emails WHERE recipient = ? AND kind = ? ORDER BY id')
        .bind(recipient, kind)
        .first<{ body: string }>(),
    (found) => found !== null,
  );
  return row!.body;
}
