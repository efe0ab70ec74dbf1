// Issue 24, "Newsletter: double opt-in": anyone could subscribe any address. Now an address is only asked
// (one confirmation mail a day per mailbox), and subscribed when its owner opens the signed link; the
// consent is recorded with its time and source.
import { describe, expect, test, vi } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { CookieJar, flashNotice, getPage, postForm } from './forms-helpers';

async function row(email: string) {
  return env.DB.prepare('SELECT confirmed_at, source, language_id FROM newsletter_subscriptions WHERE email = ?')
    .bind(email)
    .first<{ confirmed_at: string | null; source: string; language_id: string }>();
}

async function confirmationMails(email: string) {
  const { results } = await env.DB.prepare(
    "SELECT body, html FROM outgoing_emails WHERE recipient = ? AND kind = 'NEWSLETTER_CONFIRMATION'",
  )
    .bind(email)
    .all<{ body: string; html: string }>();
  return results;
}

const linkOf = (body: string) => /http:\/\/127\.0\.0\.1(\/api\/newsletter\/confirm\?t=[^\s]+)/.exec(body)![1]!;

describe('newsletter double opt-in', () => {
  test('an address typed in the footer is not subscribed until its owner opens the mailed link', async () => {
    const email = `offer-${crypto.randomUUID().slice(0, 8)}@example.se`;
    const signup = await postForm('/api/newsletter', { email, redirect: '/' });
    expect(signup.headers.get('location')).toBe('/?newsletter=ok#newsletter');
    // Before: subscribed at once. Now: a request, and one mail to the address.
    expect(await row(email)).toMatchObject({ confirmed_at: null, source: 'api', language_id: 'sv-SE' });
    const mails = await confirmationMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(
      `Någon, förhoppningsvis du, har anmält ${email} till nyhetsbrevet från Kontorsgiganten.`,
    );
    // Typed again (or by someone flooding the address): no second mail today.
    await postForm('/api/newsletter', { email, redirect: '/' });
    await postForm('/api/newsletter', { email: email.toUpperCase(), redirect: '/' });
    expect(await confirmationMails(email)).toHaveLength(1);

    const jar = new CookieJar();
    const opened = await fetchWorker(linkOf(mails[0]!.body), { redirect: 'manual' });
    jar.take(opened);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/#newsletter');
    expect(flashNotice(await getPage('/', jar))?.text).toBe('Tack! Din prenumeration på nyhetsbrevet är bekräftad.');
    const confirmed = await row(email);
    expect(Date.now() - Date.parse(confirmed!.confirmed_at!)).toBeLessThan(60_000);
  });

  test('a forged or expired link subscribes nobody', async () => {
    const email = `forged-${crypto.randomUUID().slice(0, 8)}@example.se`;
    const other = `victim-${crypto.randomUUID().slice(0, 8)}@example.se`;
    await postForm('/api/newsletter', { email, redirect: '/en' });
    await postForm('/api/newsletter', { email: other, redirect: '/en' });
    const link = linkOf((await confirmationMails(email))[0]!.body);
    const token = new URL(link, 'http://x').searchParams.get('t')!;
    const [, expires, mac] = token.split('.');
    const forged = `${btoa(other).replace(/=+$/, '')}.${expires}.${mac}`;
    const jar = new CookieJar();
    jar.take(await fetchWorker(`/api/newsletter/confirm?t=${forged}`, { redirect: 'manual' }));
    expect(flashNotice(await getPage('/en', jar))?.text).toBe(
      'The link to confirm the newsletter no longer works. Please sign up again.',
    );
    expect((await row(other))!.confirmed_at).toBeNull();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    try {
      await fetchWorker(link, { redirect: 'manual' });
    } finally {
      vi.useRealTimers();
    }
    expect((await row(email))!.confirmed_at).toBeNull();
  });
});
