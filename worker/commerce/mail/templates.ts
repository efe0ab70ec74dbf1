/**
 * The mails of issue 13, in the customer's language (locales/*.json `mail`, Swedish the fallback):
 * the password reset and the welcome. Each is what the customer reads and one link to act on, drawn
 * in the shop's look by ./layout.ts. The links point at `origin` (PUBLIC_ORIGIN, else the request's),
 * so a mail queued on `npm run dev` leads to the dev shop.
 */
import { createTranslator, localeOfLanguageId, type Locale } from '../../../locales';
import { pathFor } from '../../../locales/routes';
import { renderMail, type RenderedMail } from './layout';

/** Who a mail is for and from which shop. */
export interface MailScope {
  /** The customer's language as the API names it ('sv-SE', 'en-US', ...). */
  languageId: string;
  /** The shop's origin, e.g. 'https://www.kontorsgiganten.se' (no trailing slash needed). */
  origin: string;
  /** The channel's name, e.g. 'Kontorsgiganten'. */
  shopName: string;
}

function scopeOf({ languageId, origin, shopName }: MailScope) {
  const locale: Locale = localeOfLanguageId(languageId);
  return { locale, t: createTranslator(locale), origin: origin.replace(/\/+$/, ''), shopName };
}

/**
 * The reset link of spec §2 with the key named as the reference storefront's reset page reads it (issue 25): `/account/reset-password?resetKey=…` under the locale's prefix ('' for Swedish,
 * '/en' etc.), e.g. https://www.example.se/en/account/reset-password?resetKey=abc.
 */
export function resetPasswordLink(origin: string, languageId: string, key: string): string {
  const path = pathFor('account-reset-password', localeOfLanguageId(languageId));
  return `${origin.replace(/\/+$/, '')}${path}?resetKey=${encodeURIComponent(key)}`;
}

/** The password-reset mail with the link that sets a new password with `key`. */
export function passwordResetMail(scope: MailScope & { key: string }): RenderedMail {
  const { locale, t, origin, shopName } = scopeOf(scope);
  return renderMail({
    locale,
    shopName,
    origin,
    subject: t('mail.passwordReset.subject', { shop: shopName }),
    heading: t('mail.passwordReset.heading', { shop: shopName }),
    intro: [t('mail.passwordReset.intro', { shop: shopName })],
    action: {
      label: t('mail.passwordReset.action'),
      href: resetPasswordLink(origin, scope.languageId, scope.key),
      fallback: t('mail.linkFallback'),
    },
    outro: [t('mail.passwordReset.validity'), t('mail.passwordReset.ignore')],
    footer: t('mail.footer', { shop: shopName }),
  });
}

/** The newsletter's double opt-in mail (issue 24): the signed `link` subscribes `email`. */
export function newsletterConfirmationMail(scope: MailScope & { email: string; link: string }): RenderedMail {
  const { locale, t, origin, shopName } = scopeOf(scope);
  return renderMail({
    locale,
    shopName,
    origin,
    subject: t('mail.newsletter.subject', { shop: shopName }),
    heading: t('mail.newsletter.heading'),
    intro: [t('mail.newsletter.intro', { shop: shopName, email: scope.email })],
    action: { label: t('mail.newsletter.action'), href: scope.link, fallback: t('mail.linkFallback') },
    outro: [t('mail.newsletter.validity'), t('mail.newsletter.ignore')],
    footer: t('mail.footer', { shop: shopName }),
  });
}

/** The welcome mail of a new account, with a link to the account page. */
export function welcomeMail(scope: MailScope & { email: string }): RenderedMail {
  const { locale, t, origin, shopName } = scopeOf(scope);
  return renderMail({
    locale,
    shopName,
    origin,
    subject: t('mail.welcome.subject', { shop: shopName }),
    heading: t('mail.welcome.heading', { shop: shopName }),
    intro: [t('mail.welcome.intro', { shop: shopName, email: scope.email }), t('mail.welcome.benefits')],
    action: {
      label: t('mail.welcome.action'),
      href: `${origin}${pathFor('account', locale)}`,
      fallback: t('mail.linkFallback'),
    },
    outro: [t('mail.welcome.ignore')],
    footer: t('mail.footer', { shop: shopName }),
  });
}
