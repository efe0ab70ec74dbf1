/**
 * Newsletter subscriptions (spec §1 "newsletter"): one row per email address, remembering the language
 * and market the shopper subscribed in so mailings can be sent in that language.
 *
 * Double opt-in (issue 24): anyone can type any address, so asking to subscribe only records the request
 * and sends one confirmation mail with a signed link; the address is subscribed (`confirmed_at`, the
 * consent's time, with its `source`) when that link is opened. At most one confirmation mail goes to a
 * mailbox a day, however often it is typed. An address already subscribed gets no mail.
 */
import * as v from 'valibot';
import { base64UrlOf, bytesOfBase64Url, purposeHmacHex, sameToken } from '../crypto';
import { mailboxOf } from './mailbox';

/** A subscribable email address: trimmed, syntactically valid, at most 254 characters (RFC 5321). */
export const NewsletterEmail = v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254));

/** Where the consent was asked: the footer form, the API, the registration form, my pages. */
export type NewsletterSource = 'footer' | 'api' | 'register' | 'settings';

/** How long the link in a confirmation mail works. */
export const NEWSLETTER_CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface NewsletterSubscription {
  email: string;
  languageId: string;
  marketId: string;
  source: NewsletterSource;
  now: Date;
}

/**
 * Records a request to subscribe (idempotent: addresses compare case-insensitively; the language and
 * market follow the latest choice). Answers whether the address still needs its confirmation.
 */
export async function requestNewsletterSubscription(
  db: D1Database,
  subscription: NewsletterSubscription,
): Promise<'pending' | 'confirmed'> {
  const row = await db
    .prepare(
      `INSERT INTO newsletter_subscriptions (email, language_id, market_id, created_at, source) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (email) DO UPDATE SET language_id = excluded.language_id, market_id = excluded.market_id,
         source = CASE WHEN confirmed_at IS NULL THEN excluded.source ELSE source END
       RETURNING confirmed_at`,
    )
    .bind(
      subscription.email,
      subscription.languageId,
      subscription.marketId,
      subscription.now.toISOString(),
      subscription.source,
    )
    .first<{ confirmed_at: string | null }>();
  return row?.confirmed_at ? 'confirmed' : 'pending';
}

/**
 * Subscribes an address whose owner opened the confirmation link: the language it was asked in, or null
 * when there is no request for it.
 */
export async function confirmNewsletterSubscription(
  db: D1Database,
  email: string,
  now: Date,
): Promise<{ languageId: string } | null> {
  const row = await db
    .prepare(
      'UPDATE newsletter_subscriptions SET confirmed_at = coalesce(confirmed_at, ?) WHERE email = ? RETURNING language_id',
    )
    .bind(now.toISOString(), email)
    .first<{ language_id: string }>();
  return row ? { languageId: row.language_id } : null;
}

/** Ends an address's subscription or request (consent withdrawn); an address that has none is not an error. */
export async function unsubscribeFromNewsletter(db: D1Database, email: string): Promise<void> {
  await db.prepare('DELETE FROM newsletter_subscriptions WHERE email = ?').bind(email.trim()).run();
}

const TOKEN_PATTERN = /^([A-Za-z0-9_-]{1,400})\.(\d{13})\.([0-9a-f]{64})$/;
const tokenMac = (secret: string, email: string, expires: string) =>
  purposeHmacHex(secret, 'newsletter-confirm', `${email}\u0000${expires}`);

/** The signed token of a confirmation link: `base64url(email).expires.mac`, a key derived from AUTH_SECRET. */
export async function newsletterToken(secret: string, email: string, now: Date): Promise<string> {
  const expires = String(now.getTime() + NEWSLETTER_CONFIRM_TTL_MS);
  return `${base64UrlOf(new TextEncoder().encode(email))}.${expires}.${await tokenMac(secret, email, expires)}`;
}

/** The address a confirmation token was issued for, or null (malformed, forged or expired). */
export async function newsletterTokenEmail(secret: string, token: string, now: Date): Promise<string | null> {
  const parts = TOKEN_PATTERN.exec(token);
  if (!parts || Number(parts[2]) <= now.getTime()) return null;
  let email: string;
  try {
    email = new TextDecoder().decode(bytesOfBase64Url(parts[1]!));
  } catch {
    return null;
  }
  return sameToken(parts[3]!, await tokenMac(secret, email, parts[2]!)) ? email : null;
}

/** The outbox event of a confirmation mail: one per mailbox and day. */
export function newsletterConfirmationEvent(email: string, now: Date): string {
  return `newsletter-${mailboxOf(email)}-${now.toISOString().slice(0, 10)}`;
}
