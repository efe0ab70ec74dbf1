// Issue 13, "Mail that is really delivered": the Resend adapter against a local fake of Resend's API
// (tests/fakes/resend.ts): the exact request it makes, and what each answer means for the mail.
import { describe, expect, test } from 'vitest';
import { resendProvider } from '../../worker/mail/resend';
import { createFakeResend } from '../fakes/resend';
import type { OutgoingMail } from '../../worker/mail/types';

const MAIL: OutgoingMail = {
  from: 'Kontorsgiganten <order@example.se>',
  to: 'ada@example.se',
  subject: 'Välkommen till Kontorsgiganten',
  text: 'Välkommen!',
  html: '<p>Välkommen!</p>',
};

function adapter() {
  const resend = createFakeResend();
  return { resend, provider: resendProvider({ apiKey: resend.apiKey, fetch: resend.fetch }) };
}

describe('the Resend adapter', () => {
  test('posts the mail to /emails with the Bearer key, the idempotency key and the documented JSON fields', async () => {
    const { resend, provider } = adapter();
    const result = await provider.send(MAIL, { idempotencyKey: 'outgoing-email-41' });
    expect(result).toEqual({ kind: 'sent', providerMessageId: 'fake-resend-1' });
    expect(resend.requests).toHaveLength(1);
    const [request] = resend.requests;
    expect(request!.url).toBe('https://api.resend.com/emails');
    expect(request!.method).toBe('POST');
    expect(request!.headers).toMatchObject({
      authorization: 'Bearer re_test_0123456789',
      'content-type': 'application/json',
      'idempotency-key': 'outgoing-email-41',
    });
    expect(request!.body).toEqual({
      from: 'Kontorsgiganten <order@example.se>',
      to: 'ada@example.se',
      subject: 'Välkommen till Kontorsgiganten',
      html: '<p>Välkommen!</p>',
      text: 'Välkommen!',
    });
  });

  test('a mail without an HTML part is sent as text only', async () => {
    const { resend, provider } = adapter();
    await provider.send({ ...MAIL, html: null }, { idempotencyKey: 'outgoing-email-42' });
    expect(resend.requests[0]!.body).toEqual({
      from: 'Kontorsgiganten <order@example.se>',
      to: 'ada@example.se',
      subject: 'Välkommen till Kontorsgiganten',
      text: 'Välkommen!',
    });
  });

  test('the same idempotency key twice sends one mail and answers the first id both times', async () => {
    const { resend, provider } = adapter();
    const first = await provider.send(MAIL, { idempotencyKey: 'outgoing-email-43' });
    const again = await provider.send(MAIL, { idempotencyKey: 'outgoing-email-43' });
    expect(first).toEqual({ kind: 'sent', providerMessageId: 'fake-resend-1' });
    expect(again).toEqual({ kind: 'sent', providerMessageId: 'fake-resend-1' });
    expect(resend.delivered).toHaveLength(1);
  });

  test('429 and 500 are worth retrying; 422 and an invalid key are not', async () => {
    const { resend, provider } = adapter();
    resend.answerNext(429, { statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests.' });
    resend.answerNext(500, {
      statusCode: 500,
      name: 'internal_server_error',
      message: 'An unexpected error occurred.',
    });
    resend.answerNext(422, { statusCode: 422, name: 'invalid_from_address', message: 'Invalid `from` field.' });
    const send = () => provider.send(MAIL, { idempotencyKey: 'outgoing-email-44' });
    expect(await send()).toEqual({ kind: 'retryable', error: 'resend 429 rate_limit_exceeded: Too many requests.' });
    expect(await send()).toEqual({
      kind: 'retryable',
      error: 'resend 500 internal_server_error: An unexpected error occurred.',
    });
    expect(await send()).toEqual({
      kind: 'permanent',
      error: 'resend 422 invalid_from_address: Invalid `from` field.',
    });

    const wrongKey = resendProvider({ apiKey: 're_wrong', fetch: resend.fetch });
    expect(await wrongKey.send(MAIL, { idempotencyKey: 'outgoing-email-44' })).toEqual({
      kind: 'permanent',
      error: 'resend 401 validation_error: API key is invalid',
    });
    expect(resend.delivered).toHaveLength(0);
  });

  test('a request still in flight under the same key is retried later; a reused key with another mail is not', async () => {
    const { resend, provider } = adapter();
    resend.answerNext(409, {
      statusCode: 409,
      name: 'concurrent_idempotent_requests',
      message: 'Same idempotency key used while original request is still in progress.',
    });
    resend.answerNext(409, {
      statusCode: 409,
      name: 'invalid_idempotent_request',
      message: 'Same idempotency key used with a different request payload.',
    });
    const send = () => provider.send(MAIL, { idempotencyKey: 'outgoing-email-45' });
    expect((await send()).kind).toBe('retryable');
    expect((await send()).kind).toBe('permanent');
  });

  test('a lost connection is retryable, and the retry with the same key does not send again', async () => {
    const { resend, provider } = adapter();
    resend.loseNextAnswer();
    expect(await provider.send(MAIL, { idempotencyKey: 'outgoing-email-46' })).toEqual({
      kind: 'retryable',
      error: 'resend: Network connection lost.',
    });
    expect(await provider.send(MAIL, { idempotencyKey: 'outgoing-email-46' })).toEqual({
      kind: 'sent',
      providerMessageId: 'fake-resend-1',
    });
    expect(resend.delivered).toHaveLength(1);
  });
});
