/**
 * Newsletter subscriptions (spec §1 "newsletter"): one row per email address, remembering the language
 * and market the shopper subscribed in so mailings can be sent in that language.
 */
import * as v from 'valibot';

/** A subscribable email address: trimmed, syntactically valid, at most 254 characters (RFC 5321). */
export const NewsletterEmail = v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254));

export interface NewsletterSubscription {
  email: string;
  languageId: string;
  marketId: string;
  now: Date;
}

/**
 * Subscribes an email address. Idempotent: subscribing again keeps the one row and its first subscription
 * time (addresses compare case-insensitively), and updates the language and market to the latest choice.
 */
export async function subscribeToNewsletter(db: D1Database, subscription: NewsletterSubscription): Promise<void> {
  await db
    .prepare(
      `INSERT INTO newsletter_subscriptions (email, language_id, market_id, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (email) DO UPDATE SET language_id = excluded.language_id, market_id = excluded.market_id`,
    )
    .bind(subscription.email, subscription.languageId, subscription.marketId, subscription.now.toISOString())
    .run();
}

/** Ends an address's subscription (consent withdrawn); an address that has none is not an error. */
export async function unsubscribeFromNewsletter(db: D1Database, email: string): Promise<void> {
  await db.prepare('DELETE FROM newsletter_subscriptions WHERE email = ?').bind(email.trim()).run();
}
