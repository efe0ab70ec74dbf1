/**
 * The customer mails of issue 13, queued: each is drawn in the customer's language (./templates.ts),
 * put in the outbox and announced on the mail Queue (./outbox.ts). Callers run these after answering
 * (`waitUntil`); the returned promise settles once the row is in D1 and the message sent (or its failure
 * logged: the outbox sweep announces it again).
 */
import { RESET_TTL_MS } from '../customers/customers';
import { queueMail, type MailQueue } from './outbox';
import { passwordResetMail, welcomeMail, type MailScope } from './templates';

/** The welcome mail of a newly registered account. */
export async function queueWelcomeMail(
  db: D1Database,
  queue: MailQueue,
  { email, languageId, origin, shopName, now = new Date() }: MailScope & { email: string; now?: Date },
): Promise<void> {
  const mail = welcomeMail({ languageId, origin, shopName, email });
  await queueMail(db, queue, { recipient: email, languageId, kind: 'WELCOME', ...mail }, now);
}

/**
 * The password-reset mail with `key`; it is given up if not delivered while the key still works
 * (RESET_TTL_MS), so nobody gets a dead link late.
 */
export async function queuePasswordResetMail(
  db: D1Database,
  queue: MailQueue,
  { email, key, languageId, origin, shopName, now }: MailScope & { email: string; key: string; now: Date },
): Promise<void> {
  const mail = passwordResetMail({ languageId, origin, shopName, key });
  await queueMail(
    db,
    queue,
    {
      recipient: email,
      languageId,
      kind: 'PASSWORD_RESET',
      sendBefore: new Date(now.getTime() + RESET_TTL_MS),
      ...mail,
    },
    now,
  );
}
