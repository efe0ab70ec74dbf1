/**
 * The outbox sweep (issue 13; wrangler.toml `[triggers]`, every five minutes): a mail whose queue message
 * was lost (the send after queueing failed, a retry went to the dead letter queue, a consumer died holding
 * it) is still an undelivered row, and this announces it again. Rows are taken only once they are well past
 * their next attempt and nobody's claim holds them; a consumer that gets a row twice sends it once (the
 * claim, and the provider's idempotency key). With no provider configured there is nothing to do: the
 * mails wait in the outbox.
 */
import { readConfig } from '../config';
import { expireUnsentMail, takeStrandedMail, type OutboxMessage } from '../commerce/mail/outbox';
import { configuredMailProvider } from './registry';

/** How long past its next attempt an undelivered row counts as having lost its message. */
export const STRANDED_AFTER_MS = 5 * 60 * 1000;

/** Messages per run: one sendBatch (the Queues limit is 100). */
const PER_RUN = 100;

/** Announces the stranded rows of `db` on `queue`; resolves with their ids. */
export async function announceStrandedMail(
  db: D1Database,
  queue: Pick<Queue<OutboxMessage>, 'sendBatch'>,
  now: Date,
): Promise<number[]> {
  const ids = await takeStrandedMail(db, { now, graceMs: STRANDED_AFTER_MS, limit: PER_RUN });
  if (ids.length === 0) return ids;
  // A failed send leaves the rows as they are (their next attempt moved to now): the next run but one
  // takes them again.
  await queue.sendBatch(ids.map((id) => ({ body: { id } })));
  console.log('mail outbox sweep', JSON.stringify({ announced: ids.length }));
  return ids;
}

/**
 * The scheduled run over `env`: mail nobody delivered in time is given up and scrubbed (with or without a
 * provider: no address waits in the outbox forever); when someone delivers mail, lost messages are
 * announced again.
 */
export async function sweepOutbox(env: Env, now: Date): Promise<number[]> {
  const expired = await expireUnsentMail(env.DB, now);
  if (expired > 0) console.log('mail outbox sweep', JSON.stringify({ givenUp: expired }));
  if (!configuredMailProvider(readConfig(env))) return [];
  return announceStrandedMail(env.DB, env.MAIL_QUEUE, now);
}
