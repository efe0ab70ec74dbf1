/**
 * Resend (https://resend.com), as its API reference documents it:
 *
 * - send: POST https://api.resend.com/emails with `Authorization: Bearer <API key>` and a JSON body
 *   `{ from, to, subject, html, text }`; 200 answers `{ id }`;
 * - `Idempotency-Key` (up to 256 characters): a request repeated with the same key within 24 hours gets
 *   the first answer and sends nothing again, so a retry after a lost answer is still one mail;
 * - errors are `{ statusCode, name, message }`: 429 (rate limit, quota) and 5xx pass with time; 409
 *   `concurrent_idempotent_requests` means a request with this key is still in flight (try later); every
 *   other 4xx (validation_error, invalid key, 409 `invalid_idempotent_request`) will fail the same way again.
 *
 * Assumed where the documents leave it open: a network failure or timeout is retryable (the key makes the
 * retry safe), and so is an answer outside 2xx/4xx/5xx.
 */
import type { MailFetch, MailProvider, OutgoingMail, SendResult } from './types';

export const RESEND_API_URL = 'https://api.resend.com/emails';

/** How long one send may take before it counts as a network failure (well under the claim's lease). */
const SEND_TIMEOUT_MS = 15_000;

export interface ResendDeps {
  apiKey: string;
  fetch: MailFetch;
}

/** Resend's error body, as far as it can be read: "422 validation_error: …". */
async function describeError(response: Response): Promise<{ name: string; text: string }> {
  const raw = await response.text().catch(() => '');
  let name = '';
  let message = raw.slice(0, 300);
  try {
    const body = JSON.parse(raw) as { name?: unknown; message?: unknown };
    if (typeof body.name === 'string') name = body.name;
    if (typeof body.message === 'string') message = body.message.slice(0, 300);
  } catch {
    // Not JSON (a proxy's error page): the text as it came.
  }
  return { name, text: `resend ${response.status}${name ? ` ${name}` : ''}: ${message}`.trim() };
}

/** What Resend's answer means for this mail. */
export async function classifyResendResponse(response: Response): Promise<SendResult> {
  if (response.ok) {
    const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
    return { kind: 'sent', providerMessageId: typeof body?.id === 'string' ? body.id : null };
  }
  const { name, text } = await describeError(response);
  if (response.status === 429 || response.status >= 500) return { kind: 'retryable', error: text };
  if (response.status === 409 && name === 'concurrent_idempotent_requests') return { kind: 'retryable', error: text };
  if (response.status >= 400) return { kind: 'permanent', error: text };
  return { kind: 'retryable', error: text };
}

/** The request body of a send, in the documented field names. */
function resendBody(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    ...(mail.html ? { html: mail.html } : {}),
    text: mail.text,
  };
}

export function resendProvider({ apiKey, fetch }: ResendDeps): MailProvider {
  return {
    name: 'resend',
    async send(mail, { idempotencyKey }) {
      let response: Response;
      try {
        response = await fetch(RESEND_API_URL, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${apiKey}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': idempotencyKey,
          },
          body: JSON.stringify(resendBody(mail)),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        return { kind: 'retryable', error: `resend: ${error instanceof Error ? error.message : String(error)}` };
      }
      return classifyResendResponse(response);
    },
  };
}
