/**
 * The mail Queue's consumer (issue 13): each message names an outbox row (worker/commerce/mail/outbox.ts).
 * Per message: claim the row (one UPDATE: unsent, not given up, nobody else's lease), hand it to the
 * provider with the row's idempotency key, record what happened, then ack or retry the message:
 *
 * - sent: `sent_at` is written and the message acked; a later copy of the message finds nothing to claim;
 * - retryable (rate limit, provider or network failure): attempts and last_error are recorded and the
 *   message comes back after an exponential backoff (30 s, doubling, at most an hour), until
 *   MAX_MAIL_ATTEMPTS, when the mail is given up;
 * - permanent (refused address or payload): the mail is given up and the message acked;
 * - nothing to claim (already sent, given up, or another consumer holds it): acked, nothing sent.
 *
 * With no provider (no MAIL_PROVIDER, no DEV_MAILBOX) every mail stays in the outbox, said once per
 * isolate; the sweep (./sweep.ts) announces them again once a provider is configured.
 */
import * as v from 'valibot';
import { readConfig } from '../config';
import {
  CLAIM_LEASE_MS,
  claimMail,
  idempotencyKeyOf,
  markMailFailed,
  markMailRetry,
  markMailSent,
  type ClaimedMail,
} from '../commerce/mail/outbox';
import { configuredMailProvider } from './registry';
import type { MailProvider, SendResult } from './types';

/** Attempts before a mail is given up: about five hours of backoff, below wrangler.toml's max_retries (15). */
export const MAX_MAIL_ATTEMPTS = 12;

/** Seconds to wait after failed attempt number `attempt` (1-based): 30, 60, 120, … at most 3600. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);
}

/** What the consumer works with: the outbox, who sends, the sender, and a clock (tests set it). */
export interface MailDelivery {
  db: D1Database;
  provider: MailProvider | null;
  from: string;
  now?: () => Date;
}

const OutboxMessageBody = v.object({ id: v.pipe(v.number(), v.integer(), v.minValue(1)) });

let saidNoProvider = false;

/** Delivers a batch of the mail Queue, one message at a time (providers limit requests per second). */
export async function deliverMailBatch(batch: MessageBatch<unknown>, delivery: MailDelivery): Promise<void> {
  for (const message of batch.messages) await deliverMessage(message, delivery);
}

/** The worker's `queue` handler: the configured provider delivers the batch. */
export async function deliverMail(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const config = readConfig(env);
  await deliverMailBatch(batch, { db: env.DB, provider: configuredMailProvider(config), from: config.mail.from });
}

async function deliverMessage(message: Message<unknown>, delivery: MailDelivery): Promise<void> {
  const { db, provider, from, now = () => new Date() } = delivery;
  const body = v.safeParse(OutboxMessageBody, message.body);
  if (!body.success) {
    console.error('mail queue: a message without an outbox id, dropped', JSON.stringify(message.body));
    return message.ack();
  }
  if (!provider) {
    if (!saidNoProvider) console.warn('mail: no MAIL_PROVIDER configured; mails stay in the outbox (outgoing_emails)');
    saidNoProvider = true;
    return message.ack();
  }
  let mail: ClaimedMail | null;
  try {
    mail = await claimMail(db, body.output.id, now());
  } catch (error) {
    console.error('mail: claiming an outbox row failed', JSON.stringify(body.output), error);
    return message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
  if (!mail) return message.ack();
  const result = await provider
    .send(
      { from, to: mail.recipient, subject: mail.subject, text: mail.text, html: mail.html },
      { idempotencyKey: idempotencyKeyOf(mail) },
    )
    .catch((error: unknown): SendResult => ({ kind: 'retryable', error: `${provider.name}: ${String(error)}` }));
  try {
    await recordOutcome(message, mail, result, delivery.db, now);
  } catch (error) {
    // The outcome was not written: once the claim's lease runs out the row is claimed again and the
    // provider asked again with the same idempotency key, which answers without sending twice.
    console.error('mail: recording an outcome failed', JSON.stringify({ id: mail.id, result: result.kind }), error);
    message.retry({ delaySeconds: Math.ceil(CLAIM_LEASE_MS / 1000) });
  }
}

async function recordOutcome(
  message: Message<unknown>,
  mail: ClaimedMail,
  result: SendResult,
  db: D1Database,
  now: () => Date,
): Promise<void> {
  if (result.kind === 'sent') {
    await markMailSent(db, mail, { now: now(), providerMessageId: result.providerMessageId });
    return message.ack();
  }
  if (result.kind === 'permanent' || mail.attempts >= MAX_MAIL_ATTEMPTS) {
    const error =
      result.kind === 'permanent' ? result.error : `gave up after ${mail.attempts} attempts: ${result.error}`;
    await markMailFailed(db, mail, { error, now: now() });
    console.error('mail: given up', JSON.stringify({ id: mail.id, error }));
    return message.ack();
  }
  const delaySeconds = retryDelaySeconds(mail.attempts);
  await markMailRetry(db, mail, { error: result.error, retryAt: new Date(now().getTime() + delaySeconds * 1000) });
  message.retry({ delaySeconds });
}
