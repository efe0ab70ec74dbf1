/**
 * The development "provider" (issue 13): with DEV_MAILBOX (which `npm run dev` sets) a mail is marked
 * delivered without leaving the machine, and /_dev/mailbox (worker/routes/api/dev-mailbox.ts) shows it.
 * It goes through the same queue, claim and outcome as a real send, so `npm run dev` exercises the path
 * production takes.
 */
import type { MailProvider } from './types';

export function devMailboxProvider(): MailProvider {
  return {
    name: 'dev-mailbox',
    async send(mail, { idempotencyKey }) {
      console.log(`dev mailbox: "${mail.subject}" to ${mail.to} (${idempotencyKey}), shown at /_dev/mailbox`);
      return { kind: 'sent', providerMessageId: null };
    },
  };
}
