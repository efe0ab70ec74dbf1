// Issue 13: the mails the shop sends, in the customer's language and the shop's look (a text part and an
// HTML part that say the same), with every value in the HTML escaped; queueing one puts it in the outbox
// and announces it on the mail Queue; the reset mail links to /account/reset-password?resetKey=… (spec §2, issue 25).
import { describe, expect, test } from 'vitest';
import { createApp } from '../../worker/app';
import { passwordResetMail, resetPasswordLink, welcomeMail } from '../../worker/commerce/mail/templates';
import { queueWelcomeMail } from '../../worker/commerce/mail/customer-mails';
import { orderStatusMail } from '../../worker/commerce/mail/order-templates';
import { env } from '../helpers';
import { outboxRowOf, recordingQueue } from './mail-helpers';

const SHOP = { origin: 'https://www.example.se', shopName: 'Kontorsgiganten' };

describe('the password-reset mail', () => {
  test('in Swedish: subject and text written out', () => {
    const mail = passwordResetMail({ ...SHOP, languageId: 'sv-SE', key: 'abc123' });
    expect(mail.subject).toBe('Återställ ditt lösenord');
    expect(mail.text).toBe(
      [
        'Återställ ditt lösenord',
        'Hej! Du har bett om att få återställa ditt lösenord hos Kontorsgiganten.',
        'Välj ett nytt lösenord: https://www.example.se/account/reset-password?resetKey=abc123',
        'Länken gäller i en timme.',
        'Har du inte bett om detta kan du bortse från mejlet. Ditt lösenord ändras inte.',
        'Det här mejlet skickades av Kontorsgiganten.\nhttps://www.example.se',
      ].join('\n\n'),
    );
  });

  test('in English: subject and text written out, the link under /en', () => {
    const mail = passwordResetMail({ ...SHOP, languageId: 'en-US', key: 'abc123' });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toBe(
      [
        'Reset your password',
        'Hi! You asked to reset your password at Kontorsgiganten.',
        'Choose a new password: https://www.example.se/en/account/reset-password?resetKey=abc123',
        'The link is valid for one hour.',
        'If you did not ask for this, you can ignore this email. Your password will not change.',
        'This email was sent by Kontorsgiganten.\nhttps://www.example.se',
      ].join('\n\n'),
    );
  });

  test('the link: no prefix in Swedish, the locale prefix elsewhere, the key as `key`', () => {
    expect(resetPasswordLink('http://127.0.0.1:8787', 'sv-SE', 'f00d')).toBe(
      'http://127.0.0.1:8787/account/reset-password?resetKey=f00d',
    );
    expect(resetPasswordLink('http://127.0.0.1:8787/', 'nb-NO', 'f00d')).toBe(
      'http://127.0.0.1:8787/nb/account/reset-password?resetKey=f00d',
    );
    expect(resetPasswordLink('https://www.example.se', 'fi', 'f00d')).toBe(
      'https://www.example.se/fi/account/reset-password?resetKey=f00d',
    );
  });

  test('the HTML part has the button, the link spelled out, the shop name and the language', () => {
    const { html } = passwordResetMail({ ...SHOP, languageId: 'da-DK', key: 'abc123' });
    expect(html).toMatch(/^<!doctype html>\n<html lang="da">/);
    expect(html).toContain('>Kontorsgiganten</td>');
    expect(html).toContain('>Vælg en ny adgangskode</a>');
    expect(html).toContain('href="https://www.example.se/da/account/reset-password?resetKey=abc123"');
    expect(html).toContain('<title>Nulstil din adgangskode</title>');
  });

  test('a reset requested through the API is queued with both parts, a link with `key`, and announced', async () => {
    const email = `aterstall-${crypto.randomUUID().slice(0, 8)}@example.se`;
    await env.DB.prepare(
      "INSERT INTO customers (email, password_hash, created_at, updated_at) VALUES (?, 'x', '2026-01-01', '2026-01-01')",
    )
      .bind(email)
      .run();
    const queue = recordingQueue();
    const response = await createApp().request(
      'http://127.0.0.1:8787/graphql',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation r($email: String!) { requestPasswordReset(email: $email, languageId: "en-US") }',
          variables: { email },
        }),
      },
      { ...env, MAIL_QUEUE: queue },
    );
    expect(response.status).toBe(200);
    expect(queue.sent).toHaveLength(1);
    const row = await outboxRowOf(queue.sent[0]!.id);
    expect(row).toMatchObject({ recipient: email, kind: 'PASSWORD_RESET', language_id: 'en-US' });
    expect(row.subject).toBe('Reset your password');
    expect(row.body).toMatch(
      /Choose a new password: http:\/\/127\.0\.0\.1:8787\/en\/account\/reset-password\?resetKey=[0-9a-f]{48}\n/,
    );
    expect(row.html).toMatch(/href="http:\/\/127\.0\.0\.1:8787\/en\/account\/reset-password\?resetKey=[0-9a-f]{48}"/);
    // Given up if not delivered within the key's hour.
    expect(Date.parse(row.send_before) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);
  });
});

describe('the welcome mail', () => {
  test('in Swedish: subject and text written out', () => {
    const mail = welcomeMail({ ...SHOP, languageId: 'sv-SE', email: 'ada@example.se' });
    expect(mail.subject).toBe('Välkommen till Kontorsgiganten');
    expect(mail.text).toBe(
      [
        'Välkommen till Kontorsgiganten!',
        'Ditt konto är skapat. Du loggar in med ada@example.se.',
        'Som kund kan du följa dina beställningar, spara favoriter och handla snabbare nästa gång.',
        'Gå till ditt konto: https://www.example.se/account',
        'Har du inte skapat något konto hos oss? Kontakta vår kundtjänst så hjälper vi dig.',
        'Det här mejlet skickades av Kontorsgiganten.\nhttps://www.example.se',
      ].join('\n\n'),
    );
  });

  test('in English: subject and text written out', () => {
    const mail = welcomeMail({ ...SHOP, languageId: 'en-US', email: 'ada@example.se' });
    expect(mail.subject).toBe('Welcome to Kontorsgiganten');
    expect(mail.text).toBe(
      [
        'Welcome to Kontorsgiganten!',
        'Your account has been created. You log in with ada@example.se.',
        'As a customer you can follow your orders, save favorites and check out faster next time.',
        'Go to your account: https://www.example.se/en/account',
        'Did not create an account with us? Contact our customer service and we will help you.',
        'This email was sent by Kontorsgiganten.\nhttps://www.example.se',
      ].join('\n\n'),
    );
  });

  test('the HTML escapes a hostile shop name and address; a link that is not http(s) becomes #', () => {
    const { html } = welcomeMail({
      origin: 'javascript:alert(1)',
      shopName: 'Kontors<script>alert(1)</script>"giganten',
      languageId: 'sv-SE',
      email: '"><img src=x onerror=alert(1)>@example.se',
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('>Kontors&#60;script&#62;alert(1)&#60;/script&#62;&#34;giganten</td>');
    expect(html).toContain('Du loggar in med &#34;&#62;&#60;img src=x onerror=alert(1)&#62;@example.se.');
    expect(html).toContain('<a href="#"');
  });

  test("the HTML is drawn in the storefront's brand yellow and ink (tests/unit/mail-look.test.ts ties them to the CSS)", () => {
    const { html } = welcomeMail({ ...SHOP, languageId: 'sv-SE', email: 'ada@example.se' });
    expect(html).toContain('<td style="background:#fdd600;');
    expect(html).toContain('color:#16181d;');
  });

  test('queueWelcomeMail puts the mail in the outbox and announces its id on the queue', async () => {
    const queue = recordingQueue();
    await queueWelcomeMail(env.DB, queue, { ...SHOP, email: 'ny@example.se', languageId: 'fi-FI' });
    expect(queue.sent).toHaveLength(1);
    const row = await outboxRowOf(queue.sent[0]!.id);
    expect(row).toMatchObject({
      recipient: 'ny@example.se',
      kind: 'WELCOME',
      language_id: 'fi-FI',
      subject: 'Tervetuloa asiakkaaksi – Kontorsgiganten',
      sent_at: null,
      attempts: 0,
      send_before: null,
    });
    expect(row.html).toContain('<html lang="fi">');
    expect(row.next_attempt_at).toBe(row.created_at);
  });

  test('a queue that fails to take the message leaves the mail in the outbox for the sweep', async () => {
    const queue = recordingQueue({ failing: true });
    await queueWelcomeMail(env.DB, queue, { ...SHOP, email: 'kvar@example.se', languageId: 'sv-SE' });
    const row = await env.DB.prepare(
      "SELECT sent_at, failed_at FROM outgoing_emails WHERE recipient = 'kvar@example.se'",
    ).first<Record<string, unknown>>();
    expect(row).toEqual({ sent_at: null, failed_at: null });
  });
});

describe('the status mails', () => {
  const completed = {
    ...SHOP,
    languageId: 'en-US',
    orderNumber: '100234',
    status: 'COMPLETED' as const,
    at: '2026-03-02T09:30:00.000Z',
    withdrawal: null,
    ordersLink: false,
  };

  test('Completed passes on the tracking link in the order’s language, in both parts', () => {
    const mail = orderStatusMail({ ...completed, trackingLink: 'https://www.bring.no/track?q=CS111111111NO' });
    expect(mail.text).toContain('Track the parcel: https://www.bring.no/track?q=CS111111111NO');
    expect(mail.html).toContain('<a href="https://www.bring.no/track?q=CS111111111NO"');
    expect(mail.html).toContain('>Track the parcel</a>');
  });

  test('a link that is not http(s) is left out of both parts, and a cancelled order shows none', () => {
    const odd = orderStatusMail({ ...completed, trackingLink: 'javascript:alert(1)' });
    expect(odd.text).not.toContain('Track the parcel');
    expect(odd.html).not.toContain('javascript:');
    const cancelled = orderStatusMail({
      ...completed,
      status: 'CANCELLED',
      trackingLink: 'https://www.bring.no/track?q=CS111111111NO',
    });
    expect(cancelled.text).not.toContain('bring.no');
    expect(cancelled.html).not.toContain('bring.no');
  });
});
