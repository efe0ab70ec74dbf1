// Issue 13, "Mail that is really delivered": on `npm run dev` every queued mail is shown at /_dev/mailbox,
// newest first, with its delivery state, its HTML part rendered in a sandboxed frame and its text part's
// links clickable; anywhere else the path does not exist.
import { describe, expect, test } from 'vitest';
import { createApp } from '../../worker/app';
import { env, eventually } from '../helpers';
import { mailBodyHtml, mailHtmlFrame } from '../../worker/routes/api/dev-mailbox';

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
    expect(html).toContain('<strong>not delivered yet</strong>');
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:8787\/en\/account\/reset-password\?resetKey=[0-9a-f]{48}">/);
    expect(html).toMatch(/<iframe class="dev-mail__html" title="HTML part of &#34;Reset your password&#34;"/);
    // The mails style themselves inline: allowed here (the frames inherit this page's policy), nowhere else.
    expect(page.headers.get('Content-Security-Policy')).toContain("style-src 'self' 'unsafe-inline'");
    const home = await app.request('http://127.0.0.1:8787/', {}, dev);
    expect(home.headers.get('Content-Security-Policy')).not.toContain("'unsafe-inline'");
  });

  test('a delivered mail says so, and a given-up one says why', async () => {
    const insert = (recipient: string, sentAt: string | null, failedAt: string | null, lastError: string | null) =>
      env.DB.prepare(
        `INSERT INTO outgoing_emails (recipient, language_id, kind, subject, body, created_at, sent_at, failed_at, attempts, last_error)
         VALUES (?, 'sv-SE', 'WELCOME', 'Välkommen', 'Hej', '2026-03-01T10:00:00.000Z', ?, ?, 1, ?)`,
      )
        .bind(recipient, sentAt, failedAt, lastError)
        .run();
    await insert('levererad@example.se', '2026-03-01T10:00:05.000Z', null, null);
    await insert(
      'studsad@example.se',
      null,
      '2026-03-01T10:00:05.000Z',
      'resend 422 validation_error: Invalid `to` field.',
    );
    const html = await (await app.request('http://127.0.0.1:8787/_dev/mailbox', {}, dev)).text();
    expect(html).toContain(
      'To <strong>levererad@example.se</strong> · WELCOME · sv-SE · queued 2026-03-01T10:00:00.000Z · delivered 2026-03-01T10:00:05.000Z',
    );
    expect(html).toContain(
      '<strong>given up</strong> 2026-03-01T10:00:05.000Z: resend 422 validation_error: Invalid `to` field.',
    );
    expect(html.indexOf('studsad@example.se')).toBeLessThan(html.indexOf('levererad@example.se'));
  });

  test('does not exist without DEV_MAILBOX', async () => {
    const page = await app.request('http://127.0.0.1:8787/_dev/mailbox', {}, env);
    expect(page.status).toBe(404);
  });

  test("a mail's HTML part goes into a sandboxed frame, escaped as an attribute, its links opening on top", () => {
    expect(
      mailHtmlFrame(
        '<html><head><title>x</title></head><body><a href="https://shop.example/?a=1&b=2">Go</a></body></html>',
        'HTML part of "Hej"',
      ),
    ).toBe(
      `<iframe class="dev-mail__html" title="HTML part of &#34;Hej&#34;" width="100%" height="640" loading="lazy"
  sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="&#60;html&#62;&#60;head&#62;&#60;base target=&#34;_top&#34;&#62;&#60;title&#62;x&#60;/title&#62;&#60;/head&#62;&#60;body&#62;&#60;a href=&#34;https://shop.example/?a=1&#38;b=2&#34;&#62;Go&#60;/a&#62;&#60;/body&#62;&#60;/html&#62;"></iframe>`,
    );
  });

  test('a mail body is escaped: only its links become markup', () => {
    expect(mailBodyHtml('Hej <b>du</b>\nhttps://shop.example/x?a=1&b=2')).toBe(
      'Hej &#60;b&#62;du&#60;/b&#62;<br><a href="https://shop.example/x?a=1&#38;b=2">https://shop.example/x?a=1&#38;b=2</a>',
    );
  });
});
