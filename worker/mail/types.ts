/**
 * The mail-provider adapter interface (issue 13): the outbox consumer (./consumer.ts) hands a claimed
 * mail to one of these. An adapter speaks its provider's HTTP API through an injected `fetch` (tests give
 * it a local fake), knows nothing of D1, and says what happened in three words: sent, retryable (try
 * again later: rate limits, the provider's own errors, a network failure) or permanent (this mail will
 * never go: a refused address or payload, a wrong key). The idempotency key is the same on every attempt
 * for one outbox row, so a provider that honours it sends that row once however often it is asked.
 */

/** The real providers MAIL_PROVIDER may name. */
export const MAIL_PROVIDERS = ['resend'] as const;
export type MailProviderId = (typeof MAIL_PROVIDERS)[number];

/** A mail as a provider sends it. */
export interface OutgoingMail {
  /** MAIL_FROM: "Shop <address@domain>". */
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Null for rows queued before mails had an HTML part. */
  html: string | null;
}

export type SendResult =
  | { kind: 'sent'; providerMessageId: string | null }
  | { kind: 'retryable'; error: string }
  | { kind: 'permanent'; error: string };

export interface MailProvider {
  /** For logs and the outbox's last_error: 'resend', 'dev-mailbox'. */
  readonly name: string;
  send(mail: OutgoingMail, options: { idempotencyKey: string }): Promise<SendResult>;
}

/** The `fetch` an adapter calls (globalThis.fetch in the worker, a fake in tests). */
export type MailFetch = (input: string, init?: RequestInit) => Promise<Response>;
