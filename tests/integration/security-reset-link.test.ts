// Issue 24, "Login CSRF through a reset link": another site sent the shopper to a reset link of the
// attacker's own account; the page did not say which account it resets, and the shopper ended up logged
// in as the attacker. The page now names the account (masked), and a link opened from another site is
// used only after the shopper confirms that account is theirs.
import { describe, expect, test } from 'vitest';
import { fetchWorker } from '../helpers';
import { CookieJar, getPage, postForm } from './forms-helpers';
import { queuedMailText } from './mail-helpers';

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const PASSWORD = 'hemligt-losen-1';

/** An account and a reset key of it, as its owner would get it by mail. */
async function accountWithResetKey(): Promise<{ email: string; key: string }> {
  const email = `angripare-${crypto.randomUUID().slice(0, 8)}@example.se`;
  await postForm('/api/account/register', {
    page: '/account',
    customerType: 'PERSON',
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
  });
  await postForm('/api/account/forgot-password', { page: '/account', email }, new CookieJar(), {
    'CF-Connecting-IP': '198.51.100.61',
  });
  const mail = await queuedMailText(email, 'PASSWORD_RESET');
  return { email, key: /reset-password\?resetKey=([0-9a-f]{48})/.exec(mail)![1]! };
}

async function openLink(jar: CookieJar, key: string, site: 'cross-site' | 'none'): Promise<string> {
  const response = await fetchWorker(`/account/reset-password?key=${key}`, {
    headers: { 'Sec-Fetch-Site': site, 'Sec-Fetch-Mode': 'navigate', Cookie: jar.header() },
    redirect: 'manual',
  });
  jar.take(response);
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/account/reset-password');
  return getPage('/account/reset-password', jar);
}

describe('a reset link', () => {
  test('opened from another site waits for a confirmation naming the account, and resets nothing before it', async () => {
    const attacker = await accountWithResetKey();
    const masked = `a•••@example.se`;
    const victim = new CookieJar();
    const page = await openLink(victim, attacker.key, 'cross-site');
    expect(victim.get('ralph-reset-key')).toBeUndefined();
    expect(textOf(page)).toContain(
      `Länken öppnades från en annan webbplats. Den återställer lösenordet för kontot ${masked}. Fortsätt bara om det är ditt konto.`,
    );
    expect(page).not.toContain('action="/api/account/reset-password"');
    expect(page).not.toContain(attacker.email);
    // Before, the key was in use at once: the victim's new password logged them in as the attacker.
    await postForm(
      '/api/account/reset-password',
      { password: 'offrets-losen-1', passwordConfirm: 'offrets-losen-1' },
      victim,
    );
    expect(victim.get('ralph-auth')).toBeUndefined();
    expect(textOf(await getPage('/account', victim))).not.toContain('Du är inloggad som');

    // The shopper deliberately confirms: now the form names the account it resets.
    const confirmed = await postForm(
      '/api/account/reset-password/confirm',
      { page: '/account/reset-password' },
      victim,
    );
    expect(confirmed.headers.get('location')).toBe('/account/reset-password');
    const form = await getPage('/account/reset-password', victim);
    expect(textOf(form)).toContain(`Du väljer ett nytt lösenord för kontot ${masked}.`);
    expect(form).toContain('action="/api/account/reset-password"');
    const done = await postForm(
      '/api/account/reset-password',
      { password: 'nytt-losen-22', passwordConfirm: 'nytt-losen-22' },
      victim,
    );
    expect(done.headers.get('location')).toBe('/account');
    expect(victim.get('ralph-auth')).toMatch(/^eyJ/);
  });

  test('the confirmation cannot be posted from another site', async () => {
    const { key } = await accountWithResetKey();
    const victim = new CookieJar();
    await openLink(victim, key, 'cross-site');
    const forged = await postForm('/api/account/reset-password/confirm', {}, victim, {
      Origin: 'https://evil.example',
    });
    expect(forged.status).toBe(403);
    expect(victim.get('ralph-reset-key')).toBeUndefined();
  });

  test('opened from the mail app or typed (not from another site) it names the account and asks for the password at once', async () => {
    const { key } = await accountWithResetKey();
    const jar = new CookieJar();
    const page = await openLink(jar, key, 'none');
    expect(jar.get('ralph-reset-key')).toBe(key);
    expect(textOf(page)).toContain('Du väljer ett nytt lösenord för kontot a•••@example.se.');
    expect(page).toContain('action="/api/account/reset-password"');
  });
});
