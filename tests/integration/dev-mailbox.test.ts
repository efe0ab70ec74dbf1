// Issue 13, "Mail that is really delivered" (first step): on `npm run dev` every queued mail is shown at
// /_dev/mailbox with its links clickable; anywhere else the path does not exist.
import { describe, expect, test } from 'vitest';
import { createApp } from '../../worker/app';
import { env, eventually } from '../helpers';
import { mailBodyHtml } from '../../worker/routes/api/dev-mailbox';

const app = createApp();
const dev = { ...env, DEV_MAILBOX: 'true' };

async function requestReset(email: string) {
  const response = await app.request(
    'http://127.0.0.1:8787/graphql',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation r($email: String!) { requestPasswordReset(email: $email, languageId: "en-US") }',
        variables: { email },
      }),
    },
    dev,
  );
  expect(response.status).toBe(200);
}

describe('the dev mailbox', () => {
  test('shows a queued reset mail, newest first, with its link to this shop clickable', async () => {
    const email = `postlada-${crypto.randomUUID().slice(0, 6)}@example.se`;
    await env.DB.prepare(
      "INSERT INTO customers (email, password_hash, created_at, updated_at) VALUES (?, 'x', '2026-01-01', '2026-01-01')",
    )
      .bind(email)
      .run();
    await requestReset(email);
    await eventually(
      () =>
        env.DB.prepare('SELECT COUNT(*) AS n FROM outgoing_emails WHERE recipient = ?').bind(email).first<number>('n'),
      (n) => n === 1,
    );
    const page = await app.request('http://127.0.0.1:8787/_dev/mailbox', {}, dev);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain(`To <strong>${email}</strong> · PASSWORD_RESET · en-US`);
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:8787\/en\/account\/reset-password\?resetKey=[0-9a-f]{48}">/);
  });

  test('does not exist without DEV_MAILBOX', async () => {
    const page = await app.request('http://127.0.0.1:8787/_dev/mailbox', {}, env);
    expect(page.status).toBe(404);
  });

  test('a mail body is escaped: only its links become markup', () => {
    expect(mailBodyHtml('Hej <b>du</b>\nhttps://shop.example/x?a=1&b=2')).toBe(
      'Hej &#60;b&#62;du&#60;/b&#62;<br><a href="https://shop.example/x?a=1&#38;b=2">https://shop.example/x?a=1&#38;b=2</a>',
    );
  });
});
