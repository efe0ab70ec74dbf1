// A local fake of Resend's send endpoint (worker/mail/resend.ts): POST https://api.resend.com/emails with
// a Bearer key and JSON { from, to, subject, html, text }. It checks what Resend checks (the key, the
// required fields), answers with Resend's documented shapes ({ id }, or { statusCode, name, message }),
// and honours Idempotency-Key as Resend does: the same key again gets the first answer and sends nothing.
// `answerNext` scripts the next answers (a rate limit, an outage); `loseNextAnswer` delivers the mail but
// fails the request on the way back, as a dropped connection would.

export interface FakeResendRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function createFakeResend({ apiKey = 're_test_0123456789' } = {}) {
  const requests: FakeResendRequest[] = [];
  const delivered: { id: string; idempotencyKey: string | undefined; body: Record<string, unknown> }[] = [];
  const firstAnswers = new Map<string, { id: string }>();
  const scripted: { status: number; body: unknown }[] = [];
  let loseAnswers = 0;

  async function fetch(input: string, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const headers = Object.fromEntries(request.headers);
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    requests.push({ url: request.url, method: request.method, headers, body });
    if (request.url !== 'https://api.resend.com/emails' || request.method !== 'POST')
      return json(404, { statusCode: 404, name: 'not_found', message: 'The requested endpoint does not exist.' });
    if (headers.authorization !== `Bearer ${apiKey}`)
      return json(401, { statusCode: 401, name: 'validation_error', message: 'API key is invalid' });
    const next = scripted.shift();
    if (next) return json(next.status, next.body);
    const key = headers['idempotency-key'];
    const first = key ? firstAnswers.get(key) : undefined;
    if (first) return json(200, first);
    if (!body || !body.from || !body.to || !body.subject || !(body.html || body.text))
      return json(422, {
        statusCode: 422,
        name: 'missing_required_field',
        message: 'Missing `from`, `to` or `subject`.',
      });
    const answer = { id: `fake-resend-${delivered.length + 1}` };
    delivered.push({ id: answer.id, idempotencyKey: key, body });
    if (key) firstAnswers.set(key, answer);
    if (loseAnswers > 0) {
      loseAnswers -= 1;
      throw new TypeError('Network connection lost.');
    }
    return json(200, answer);
  }

  return {
    fetch,
    apiKey,
    /** Every request the adapter made, in order. */
    requests,
    /** Every mail the fake really "sent" (a repeated idempotency key sends nothing). */
    delivered,
    answerNext(status: number, body: unknown) {
      scripted.push({ status, body });
    },
    loseNextAnswer() {
      loseAnswers += 1;
    },
  };
}
