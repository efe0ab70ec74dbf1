/**
 * The API's way to ask for newsletter consent (issue 24, double opt-in): the request is recorded and the
 * confirmation mail queued in the scope's language, linking to this shop (the request's origin), signed
 * with a key derived from AUTH_SECRET.
 */
import { askNewsletterConsent } from '../commerce/mail/customer-mails';
import type { NewsletterSource } from '../commerce/customers/newsletter';
import type { GraphQLContext, Scope } from './context';

export async function askNewsletterConsentFor(
  ctx: GraphQLContext,
  scope: Scope,
  email: string,
  source: NewsletterSource,
): Promise<void> {
  const secret = ctx.config.authSecret;
  if (!secret) throw new Error('AUTH_SECRET is not configured: no newsletter confirmation link can be signed');
  await askNewsletterConsent(ctx.db, ctx.mailQueue, {
    email,
    languageId: scope.language.id,
    marketId: scope.market.id,
    source,
    now: ctx.now,
    origin: ctx.origin ?? scope.channel.url,
    shopName: scope.channel.name,
    secret,
  });
}
