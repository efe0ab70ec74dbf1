/**
 * The customer mails of issue 13, queued: each is drawn in the customer's language (./templates.ts),
 * put in the outbox and announced on the mail Queue (./outbox.ts). Callers run these after answering
 * (`waitUntil`); the returned promise settles once the row is in D1 and the message sent (or its failure
 * logged: the outbox sweep announces it again).
 */
import { RESET_TTL_MS } from '../customers/customers';
import {
  NEWSLETTER_CONFIRM_TTL_MS,
  newsletterConfirmationEvent,
  newsletterToken,
  requestNewsletterSubscription,
  type NewsletterSubscription,
} from '../customers/newsletter';
import { queueMail, type MailQueue } from './outbox';
import { newsletterConfirmationMail, passwordResetMail, welcomeMail, type MailScope } from './templates';

/** The newsletter confirmation link: `/api/newsletter/confirm?t=…` (worker/routes/forms/newsletter.ts). */
export const NEWSLETTER_CONFIRM_PATH = '/api/newsletter/confirm';

/**
 * Asks to subscribe `email` to the newsletter (issue 24, double opt-in): the request is recorded and, unless
 * the address is subscribed already, the confirmation mail with its signed link is queued (one a day per
 * mailbox: a typed address cannot be flooded).
 */
export async function askNewsletterConsent(
  db: D1Database,
  queue: MailQueue,
  request: NewsletterSubscription & MailScope & { secret: string },
): Promise<void> {
  const state = await requestNewsletterSubscription(db, request);
  if (state === 'confirmed') return;
  const { email, languageId, origin, shopName, secret, now } = request;
  const token = await newsletterToken(secret, email, now);
  const link = `${origin.replace(/\/+$/, '')}${NEWSLETTER_CONFIRM_PATH}?t=${encodeURIComponent(token)}`;
  const mail = newsletterConfirmationMail({ languageId, origin, shopName, email, link });
  await queueMail(
    db,
    queue,
    {
      recipient: email,
      languageId,
      kind: 'NEWSLETTER_CONFIRMATION',
      eventKey: newsletterConfirmationEvent(email, now),
      sendBefore: new Date(now.getTime() + NEWSLETTER_CONFIRM_TTL_MS),
      ...mail,
    },
    now,
  );
}

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
