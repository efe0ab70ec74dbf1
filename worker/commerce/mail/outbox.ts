/**
 * The outbox (issue 13, "Mail that is really delivered"): every mail is first a row in `outgoing_emails`
 * (D1 keeps what must not be lost), then a message `{ id }` on the mail Queue, whose consumer
 * (worker/mail/consumer.ts) delivers it. Queueing the message may fail; the row stays, and the scheduled
 * sweep sends a new message for it. Delivery is at most once: a consumer claims the row in one UPDATE
 * (unsent, not given up, not claimed by anyone in the last CLAIM_LEASE_MS), only the claimer records the
 * outcome, and the provider gets the row's idempotency key, so a send repeated after a lost answer is
 * still one mail.
 */
import { randomHex } from '../crypto';

export const MAIL_KINDS = [
  'PASSWORD_RESET',
  'WELCOME',
  'ORDER_CONFIRMATION',
  'WITHDRAWAL_RECEIPT',
  'ORDER_STATUS',
  'NEWSLETTER_CONFIRMATION',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The message on the mail Queue: the outbox row to deliver. */
export interface OutboxMessage {
  id: number;
}

/** Where queued mail is announced: the MAIL_QUEUE binding, or a fake in tests. */
export type MailQueue = Pick<Queue<OutboxMessage>, 'send'>;

/** How long a claim holds a row: longer than one send may take (the provider call times out sooner). */
export const CLAIM_LEASE_MS = 5 * 60 * 1000;

/** A mail to queue: both parts, in the customer's language. */
export interface NewMail {
  recipient: string;
  languageId: string;
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
  /** A mail not delivered by then is given up (a reset link dies with its key); null: no limit. */
  sendBefore?: Date | null;
  /**
   * The event the mail tells of ('order-12-received'; migration 0015): a second mail for the same event is
   * not queued (`queueMail` answers null), so an order event is mailed once however often it is announced.
   */
  eventKey?: string | null;
}

/** A row a consumer holds: what to send, and the claim that lets it record the outcome. */
export interface ClaimedMail {
  id: number;
  claimId: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  /** Attempts including this one. */
  attempts: number;
  /** When the row was queued (ISO), part of its idempotency key. */
  createdAt: string;
}

/**
 * The idempotency key a provider gets for a row: the same for every attempt, so it sends once. The row's
 * time joins its id, so two databases (staging and production on one provider account, or a database
 * made anew) never present the same key for different mails, which the provider would refuse.
 */
export function idempotencyKeyOf(mail: Pick<ClaimedMail, 'id' | 'createdAt'>): string {
  return `outgoing-email-${mail.id}-${Date.parse(mail.createdAt)}`;
}

/** Sends the row's message; a failure is logged, not thrown: the sweep sends it later (never lost). */
export async function announceMail(queue: MailQueue, id: number): Promise<void> {
  try {
    await queue.send({ id });
  } catch (error) {
    console.error('mail queue send failed; the outbox sweep retries', JSON.stringify({ id }), error);
  }
}

/**
 * Puts a mail in the outbox and announces it on the queue; resolves with its id, or null when a mail for
 * its `eventKey` is in the outbox already (nothing queued).
 */
export async function queueMail(db: D1Database, queue: MailQueue, mail: NewMail, now: Date): Promise<number | null> {
  const at = now.toISOString();
  const row = await db
    .prepare(
      `INSERT INTO outgoing_emails
         (recipient, language_id, kind, subject, body, html, created_at, next_attempt_at, send_before, event_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
    )
    .bind(
      mail.recipient,
      mail.languageId,
      mail.kind,
      mail.subject,
      mail.text,
      mail.html,
      at,
      at,
      mail.sendBefore?.toISOString() ?? null,
      mail.eventKey ?? null,
    )
    .first<{ id: number }>();
  if (!row) {
    if (mail.eventKey) return null; // this event's mail was queued before
    throw new Error('outgoing_emails: insert returned no id');
  }
  await announceMail(queue, row.id);
  return row.id;
}

/**
 * Claims row `id` for one delivery attempt: null when it is sent, given up, held by another consumer, or
 * gone. A row past its `send_before` is given up in the same transaction.
 */
export async function claimMail(db: D1Database, id: number, now: Date): Promise<ClaimedMail | null> {
  const at = now.toISOString();
  const leaseOver = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString();
  const claimId = randomHex(16);
  const [, claimed] = await db.batch<{
    recipient: string;
    subject: string;
    body: string;
    html: string | null;
    attempts: number;
    created_at: string;
  }>([
    db
      .prepare(
        `UPDATE outgoing_emails
         SET failed_at = ?, last_error = 'not sent before it expired', claimed_at = NULL, claim_id = NULL
         WHERE id = ? AND sent_at IS NULL AND failed_at IS NULL AND send_before <= ?
           AND (claimed_at IS NULL OR claimed_at <= ?)`,
      )
      .bind(at, id, at, leaseOver),
    db
      .prepare(
        `UPDATE outgoing_emails SET claimed_at = ?, claim_id = ?, attempts = attempts + 1
         WHERE id = ? AND sent_at IS NULL AND failed_at IS NULL AND (claimed_at IS NULL OR claimed_at <= ?)
         RETURNING recipient, subject, body, html, attempts, created_at`,
      )
      .bind(at, claimId, id, leaseOver),
  ]);
  const row = claimed?.results[0];
  if (!row) return null;
  return {
    id,
    claimId,
    recipient: row.recipient,
    subject: row.subject,
    text: row.body,
    html: row.html,
    attempts: row.attempts,
    createdAt: row.created_at,
  };
}

/** Records the claimed row as delivered. */
export async function markMailSent(
  db: D1Database,
  mail: ClaimedMail,
  { now, providerMessageId }: { now: Date; providerMessageId: string | null },
): Promise<void> {
  await db
    .prepare(
      `UPDATE outgoing_emails
       SET sent_at = ?, provider_message_id = ?, last_error = NULL, claimed_at = NULL, claim_id = NULL
       WHERE id = ? AND claim_id = ? AND sent_at IS NULL`,
    )
    .bind(now.toISOString(), providerMessageId, mail.id, mail.claimId)
    .run();
}

/** Releases the claimed row after a failure that may pass; its message comes back at `retryAt`. */
export async function markMailRetry(
  db: D1Database,
  mail: ClaimedMail,
  { error, retryAt }: { error: string; retryAt: Date },
): Promise<void> {
  await db
    .prepare(
      `UPDATE outgoing_emails SET last_error = ?, next_attempt_at = ?, claimed_at = NULL, claim_id = NULL
       WHERE id = ? AND claim_id = ? AND sent_at IS NULL`,
    )
    .bind(error.slice(0, 500), retryAt.toISOString(), mail.id, mail.claimId)
    .run();
}

/** Gives the claimed row up for good (the provider refused it, or it failed too often). */
export async function markMailFailed(
  db: D1Database,
  mail: ClaimedMail,
  { error, now }: { error: string; now: Date },
): Promise<void> {
  await db
    .prepare(
      `UPDATE outgoing_emails SET failed_at = ?, last_error = ?, claimed_at = NULL, claim_id = NULL
       WHERE id = ? AND claim_id = ? AND sent_at IS NULL`,
    )
    .bind(now.toISOString(), error.slice(0, 500), mail.id, mail.claimId)
    .run();
}

/**
 * Rows whose message seems lost: undelivered, not given up, not expired, unclaimed (or their claim's lease
 * ran out) and more than `graceMs` past their next attempt. Each is marked as announced now, so the next
 * sweep leaves it alone for another `graceMs`; the caller sends their messages.
 */
export async function takeStrandedMail(
  db: D1Database,
  { now, graceMs, limit }: { now: Date; graceMs: number; limit: number },
): Promise<number[]> {
  const at = now.toISOString();
  const { results } = await db
    .prepare(
      `UPDATE outgoing_emails SET next_attempt_at = ?
       WHERE id IN (
         SELECT id FROM outgoing_emails
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?
           AND (send_before IS NULL OR send_before > ?) AND (claimed_at IS NULL OR claimed_at <= ?)
         ORDER BY next_attempt_at LIMIT ?
       )
       RETURNING id`,
    )
    .bind(
      at,
      new Date(now.getTime() - graceMs).toISOString(),
      at,
      new Date(now.getTime() - CLAIM_LEASE_MS).toISOString(),
      limit,
    )
    .all<{ id: number }>();
  return results.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * How long an undelivered mail may wait in the outbox (issue 24): past the consumer's retries (about five
 * hours of backoff) with room for a provider outage, or for a shop with no provider yet. Older, and a mail
 * past its own `send_before`, it is given up and loses its address and words.
 */
export const UNSENT_MAIL_HORIZON_MS = 24 * 60 * 60 * 1000;

/**
 * Gives up the mails nobody delivered in time (UNSENT_MAIL_HORIZON_MS, or past their `send_before`):
 * address, subject and text are removed, the row stays (its event is never mailed again). A row a
 * consumer holds right now is left to it. Resolves with how many were given up.
 */
export async function expireUnsentMail(db: D1Database, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .prepare(
      `UPDATE outgoing_emails
       SET recipient = 'unsent-' || id || '@deleted.invalid', subject = '', body = '', html = NULL,
           failed_at = ?, last_error = 'not delivered in time: address and text removed'
       WHERE sent_at IS NULL AND failed_at IS NULL
         AND (created_at <= ? OR send_before <= ?) AND (claimed_at IS NULL OR claimed_at <= ?)`,
    )
    .bind(
      at,
      new Date(now.getTime() - UNSENT_MAIL_HORIZON_MS).toISOString(),
      at,
      new Date(now.getTime() - CLAIM_LEASE_MS).toISOString(),
    )
    .run();
  return result.meta.changes;
}

/** The kinds a copy may be sent of: their words hold no key that expires or was used (reset, opt-in). */
export const RESENDABLE_KINDS: readonly MailKind[] = [
  'WELCOME',
  'ORDER_CONFIRMATION',
  'WITHDRAWAL_RECEIPT',
  'ORDER_STATUS',
];

/**
 * The statement that puts a copy of mail `id` in the outbox under `eventKey` (the back office's "send
 * again"): the same words to the same address, delivered as any new mail. It inserts nothing for a mail
 * given up (its words are gone) or of a kind that may not be copied. Run it in a batch with what belongs to
 * it, read the new id from its RETURNING row, and announce it (`announceMail`).
 */
export function copyMailStatement(db: D1Database, id: number, eventKey: string, now: Date): D1PreparedStatement {
  const at = now.toISOString();
  return db
    .prepare(
      `INSERT INTO outgoing_emails (recipient, language_id, kind, subject, body, html, created_at, next_attempt_at, event_key)
       SELECT recipient, language_id, kind, subject, body, html, ?, ?, ? FROM outgoing_emails
       WHERE id = ? AND body <> '' AND recipient NOT LIKE '%@deleted.invalid'
         AND kind IN (SELECT value FROM json_each(?))
       RETURNING id`,
    )
    .bind(at, at, eventKey, id, JSON.stringify(RESENDABLE_KINDS));
}

export type OutboxState = 'waiting' | 'failed' | 'sent' | 'all';

export interface OutboxRow {
  id: number;
  kind: MailKind;
  recipient: string;
  subject: string;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  /** Its words are still there and its kind may be copied: staff may send it again. */
  resendable: boolean;
}

const OUTBOX_STATES: Record<OutboxState, string> = {
  waiting: 'sent_at IS NULL AND failed_at IS NULL',
  failed: 'failed_at IS NOT NULL',
  sent: 'sent_at IS NOT NULL',
  all: '1 = 1',
};

/** The outbox as staff read it (issue 27): newest first, by state, a page at a time. */
export async function outboxForStaff(
  db: D1Database,
  state: OutboxState,
  page: { skip: number; take: number },
): Promise<{ total: number; rows: OutboxRow[] }> {
  const where = OUTBOX_STATES[state];
  const [count, rows] = await db.batch<Record<string, any>>([
    db.prepare(`SELECT COUNT(*) AS total FROM outgoing_emails WHERE ${where}`),
    db
      .prepare(
        `SELECT id, kind, recipient, subject, created_at, sent_at, failed_at, attempts, next_attempt_at, last_error,
                body <> '' AND recipient NOT LIKE '%@deleted.invalid' AND kind IN (SELECT value FROM json_each(?)) AS resendable
         FROM outgoing_emails WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`,
      )
      .bind(JSON.stringify(RESENDABLE_KINDS), page.take, page.skip),
  ]);
  return {
    total: count!.results[0]?.total ?? 0,
    rows: rows!.results.map((row) => ({
      id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      createdAt: row.created_at,
      sentAt: row.sent_at,
      failedAt: row.failed_at,
      attempts: row.attempts,
      nextAttemptAt: row.next_attempt_at,
      lastError: row.last_error,
      resendable: row.resendable === 1,
    })),
  };
}
