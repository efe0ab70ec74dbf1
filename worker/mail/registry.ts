/**
 * Which adapter delivers mail, from the configuration (issue 13): the dev mailbox when DEV_MAILBOX is on
 * (nothing leaves a developer's machine, whatever else is set), else MAIL_PROVIDER's, else none: mails
 * then stay in the outbox until a provider is configured.
 */
import type { Config } from '../config';
import { devMailboxProvider } from './dev-mailbox';
import { resendProvider } from './resend';
import type { MailFetch, MailProvider } from './types';

/** The configured adapter, or null when nobody delivers mail. */
export function configuredMailProvider(
  config: Config,
  fetch: MailFetch = (input, init) => globalThis.fetch(input, init),
): MailProvider | null {
  if (config.devMailbox) return devMailboxProvider();
  switch (config.mail.provider) {
    case 'resend':
      return resendProvider({ apiKey: config.mail.resendApiKey, fetch });
    case null:
      return null;
  }
}
