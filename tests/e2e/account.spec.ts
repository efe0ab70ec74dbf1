// Issue 13 in a browser: create an account, log out and in (the header's panel and the account page),
// "remember me" lifetimes, a second tab following login and logout without a reload, forgot password
// through the dev mailbox, the same without JavaScript, and axe on every new screen.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './axe';

const PASSWORD = 'hemligt123';
/** base64(SHA-384('hemligt123' + spec §9's salt)), from `openssl dgst -sha384 -binary | base64`. */
const DIGEST = '6CxFRXKN6C1DRC6VPFPLpAiLYL2SvU+IpUQVM2XO5IEbXBqmMi0VqKjsej1xtRF9';

let serial = 0;
const newEmail = (label: string) => `e2e-${label}-${Date.now()}-${serial++}@example.com`;

async function createAccount(page: Page, email: string, { remember = false, origin = '' } = {}): Promise<void> {
  await page.goto(`${origin}/account`);
  const form = page.getByRole('form', { name: 'Skapa konto' });
  await form.getByLabel('E-post').fill(email);
  await form.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Upprepa lösenordet').fill(PASSWORD);
  if (remember) await form.getByLabel('Kom ihåg mig').check();
  await form.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByText(`Du är inloggad som ${email}.`)).toBeVisible();
}

async function logOut(page: Page, label = 'Logga ut'): Promise<void> {
  await page.getByRole('button', { name: label }).click();
  await page.waitForURL((url) => !url.pathname.includes('account'));
}

/** When a cookie of this page's origin expires, in seconds from now. */
async function secondsLeft(page: Page, name: string): Promise<number> {
  const cookie = (await page.context().cookies()).find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie`);
  return Math.round(cookie.expires - Date.now() / 1000);
}

test.describe('with JavaScript', () => {
  test('create an account: the password leaves the browser hashed, and the header says “Mina sidor”', async ({
    page,
  }) => {
    const email = newEmail('create');
    // Spec §7's signed flow (issue 25): the username for a challenge, then the credentials with its signature.
    const sent = page.waitForRequest(
      (request) => request.url().endsWith('/api/auth/register') && (request.postData() ?? '').includes('"signature"'),
    );
    await createAccount(page, email);
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ username: email, password: DIGEST, customerType: 'PERSON', sessionLifetime: 30 });
    expect(body.signature).toMatch(/^\d{10}\.[0-9a-f]{32}\.[0-9a-f]{64}\.[0-9a-f]{64}$/);
    expect(JSON.stringify(body)).not.toContain(PASSWORD);
    await expect(page.locator('[data-account-link]')).toHaveText('Mina sidor');
    await expectNoAxeViolations(page);
  });

  test('the form says what is wrong before anything is sent (spec §5)', async ({ page }) => {
    await page.goto('/account');
    let requests = 0;
    page.on('request', (request) => void (request.url().includes('/api/auth/') && requests++));
    const form = page.getByRole('form', { name: 'Skapa konto' });
    await form.getByLabel('E-post').fill('inte-en-adress');
    await form.getByLabel('Lösenord', { exact: true }).fill('kort');
    await form.getByRole('button', { name: 'Skapa konto' }).click();
    await expect(form.getByText('Du måste ange en giltig email')).toBeVisible();
    await expect(form.getByText('Ditt lösenord måste innehålla minst 7 tecken')).toBeVisible();
    await expect(form.getByText('Se till att alla fält är giltiga')).toBeVisible();
    await expect(form.getByLabel('E-post')).toBeFocused();
    await form.getByLabel('E-post').fill('ok@example.com');
    await form.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Upprepa lösenordet').fill('hemligt124');
    await form.getByRole('button', { name: 'Skapa konto' }).click();
    await expect(form.getByText('Lösenorden matchar inte')).toBeVisible();
    expect(requests).toBe(0);
    await expectNoAxeViolations(page);
  });

  test('log in from the header’s panel: the shopper stays on the page, and another tab follows without a reload', async ({
    page,
    context,
  }) => {
    const email = newEmail('panel');
    await createAccount(page, email);
    await logOut(page);

    const other = await context.newPage();
    await other.goto('/en/brands');
    await other.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await expect(other.locator('[data-account-link]')).toHaveText('Log in');

    await page.goto('/en/brands');
    await page.getByRole('link', { name: 'Log in' }).click();
    const panel = page.getByRole('dialog', { name: 'Log in' });
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel('Email')).toBeFocused();
    await expectNoAxeViolations(page);
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password').fill('wrong-password');
    await panel.getByRole('button', { name: 'Log in' }).click();
    await expect(panel.getByText('Wrong email or password, please try again').first()).toBeVisible();
    await panel.getByLabel('Password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Log in' }).click();
    await expect(page.locator('[data-account-link]')).toHaveText('My account');
    expect(new URL(page.url()).pathname).toBe('/en/brands');

    // The other tab: the same page object (no reload), its header changed.
    await expect(other.locator('[data-account-link]')).toHaveText('My account');
    expect(await other.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    // Log out from the header's menu (spec §4), staying on the page.
    await page.locator('[data-account-menu] summary').click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('You are logged out.')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/en/brands');
    await expect(page.locator('[data-account-link]')).toHaveText('Log in');
    await expect(other.locator('[data-account-link]')).toHaveText('Log in');
    expect(await other.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });

  test('the login panel’s “Forgot your password?” opens the account page’s form with the focus in its e-mail field', async ({
    page,
  }) => {
    await page.goto('/en/brands');
    await page.getByRole('link', { name: 'Log in' }).click();
    const panel = page.getByRole('dialog', { name: 'Log in' });
    await panel.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/en\/account#forgot$/);
    const forgot = page.getByRole('form', { name: 'Forgot your password?' });
    await expect(forgot.getByLabel('Email')).toBeVisible();
    await expect(forgot.getByLabel('Email')).toBeFocused();
    await expect(forgot.getByRole('button', { name: 'Send link' })).toBeVisible();
  });

  test('“remember me” keeps the login a week; without it half an hour (spec §9)', async ({ page }) => {
    const email = newEmail('remember');
    await createAccount(page, email, { remember: true });
    expect(await secondsLeft(page, 'ralph-auth-refresh')).toBeGreaterThan(604_800 - 60);
    expect(await secondsLeft(page, 'ralph-user-maxage')).toBeGreaterThan(604_800 - 60);
    expect((await page.context().cookies()).find((c) => c.name === 'ralph-auth')?.httpOnly).toBe(true);
    await logOut(page);
    await page.goto('/account');
    const form = page.getByRole('form', { name: 'Logga in' });
    await form.getByLabel('E-post').fill(email);
    await form.getByLabel('Lösenord').fill(PASSWORD);
    await form.getByRole('button', { name: 'Logga in' }).click();
    await expect(page.getByText(`Du är inloggad som ${email}.`)).toBeVisible();
    expect(await secondsLeft(page, 'ralph-auth-refresh')).toBeLessThanOrEqual(1_800);
    expect(await secondsLeft(page, 'ralph-auth-refresh')).toBeGreaterThan(1_700);
  });

  test('coming back after the login token expired: still logged in with “remember me”', async ({ page, context }) => {
    const email = newEmail('tomorrow');
    await createAccount(page, email, { remember: true });
    // An hour later the access cookie is gone; the refresh cookie (a week) is not.
    const kept = (await context.cookies()).filter((cookie) => cookie.name !== 'ralph-auth');
    await context.clearCookies();
    await context.addCookies(kept);
    await page.goto('/');
    await expect(page.locator('[data-account-link]')).toHaveText('Mina sidor');
    expect((await context.cookies()).some((cookie) => cookie.name === 'ralph-auth')).toBe(true);
  });

  test('forgot password through the dev mailbox, in English; the old password is refused after', async ({ page }) => {
    const email = newEmail('reset');
    await createAccount(page, email);
    await logOut(page);
    await page.goto('/en/account');
    await page.getByText('Forgot your password?').click();
    const forgot = page.getByRole('form', { name: 'Forgot your password?' });
    await forgot.getByLabel('Email').fill(email);
    await forgot.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText(`If there is an account for ${email}, we have sent a link there.`)).toBeVisible();

    await page.goto('/_dev/mailbox');
    const html = await page.content();
    const at = html.indexOf(email);
    expect(at).toBeGreaterThan(-1);
    const link = /http:\/\/127\.0\.0\.1:\d+\/en\/account\/reset-password\?resetKey=[0-9a-f]{48}/.exec(
      html.slice(at),
    )?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expectNoAxeViolations(page);
    await page.getByLabel('New password', { exact: true }).fill('nytt-losen-2');
    await page.getByLabel('Repeat the password').fill('nytt-losen-2');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Your new password is saved and you are logged in.')).toBeVisible();
    await expect(page.getByText(`You are logged in as ${email}.`)).toBeVisible();

    await logOut(page, 'Log out');
    await page.goto('/en/account');
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login.getByText('Wrong email or password, please try again').first()).toBeVisible();
    await login.getByLabel('Password').fill('nytt-losen-2');
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(`You are logged in as ${email}.`)).toBeVisible();

    // The link worked once.
    await page.goto(link!);
    await expect(page.getByText('This password reset has expired. Please request a new one.')).toBeVisible();
  });
});

test('axe: the account page with the errors a plain form came back with, and the expired reset link', async ({
  page,
  baseURL,
}) => {
  const refused = await page.request.post('/api/account/register', {
    form: { page: '/account', email: 'fel', password: 'kort', passwordConfirm: 'annat', customerType: 'PERSON' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(303);
  await page.goto('/account');
  await expect(page.getByText('Du måste ange en giltig email')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/account/reset-password?key=${'a'.repeat(48)}`);
  await expect(page.getByText('Giltighetstiden för denna återställning har gått ut.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('passkeys: add one on the account page, log out, log in with it (Chromium’s virtual authenticator)', async ({
  page,
  baseURL,
}) => {
  // WebAuthn refuses IP addresses: the shop is reached as localhost here (the same dev server).
  const origin = baseURL!.replace('127.0.0.1', 'localhost');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const email = newEmail('passkey');
  await createAccount(page, email, { origin });
  // Passkeys live on the settings page of my pages (issue 14).
  await page.goto(`${origin}/mina-sidor/installningar`);
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('Du har inga passkeys ännu.')).toBeVisible();
  await passkeys.getByRole('button', { name: 'Lägg till passkey' }).click();
  await expect(passkeys.getByText('Passkey 1')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`${origin}/account`);
  await logOut(page);

  await page.goto(`${origin}/account`);
  const login = page.getByRole('form', { name: 'Logga in' });
  await login.getByRole('button', { name: 'Logga in med passkey' }).click();
  await expect(page.getByText(`Du är inloggad som ${email}.`)).toBeVisible();
  await page.goto(`${origin}/mina-sidor/installningar`);
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByText(/Senast använd/)).toBeVisible();

  // Removed, it logs nobody in any more.
  await page.getByRole('button', { name: 'Ta bort Passkey 1' }).click();
  await expect(page.getByText('Passkeyn är borttagen.')).toBeVisible();
  await page.goto(`${origin}/account`);
  await logOut(page);
  await page.goto(`${origin}/account`);
  await page.getByRole('form', { name: 'Logga in' }).getByRole('button', { name: 'Logga in med passkey' }).click();
  await expect(
    page.getByText('Inloggningen med passkey misslyckades. Försök igen eller logga in med lösenord.'),
  ).toBeVisible();
});

test('at 127.0.0.1 the passkey buttons stay hidden: WebAuthn does not work on an IP address', async ({ page }) => {
  await page.goto('/account');
  await expect(page.getByRole('form', { name: 'Logga in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logga in med passkey' })).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('create an account, log out, a wrong password, log in again: plain forms all the way (sv)', async ({ page }) => {
    const email = newEmail('nojs');
    await page.goto('/varumarken');
    await page.getByRole('link', { name: 'Logga in' }).click();
    await expect(page).toHaveURL(/\/account\?redirect=%2Fvarumarken$/);
    await createAccount(page, email);
    await logOut(page);
    await expect(page.getByText('Du är utloggad.')).toBeVisible();

    await page.goto('/varumarken');
    await page.getByRole('link', { name: 'Logga in' }).click();
    const login = page.getByRole('form', { name: 'Logga in' });
    await login.getByLabel('E-post').fill(email);
    await login.getByLabel('Lösenord').fill('fel-losenord');
    await login.getByRole('button', { name: 'Logga in' }).click();
    await expect(page.getByText('Fel email eller lösenord, försök gärna igen')).toBeVisible();
    await expect(login.getByLabel('E-post')).toHaveValue(email);
    await login.getByLabel('Lösenord').fill(PASSWORD);
    await login.getByRole('button', { name: 'Logga in' }).click();
    // Back where the shopper was, logged in.
    await expect(page).toHaveURL(/\/varumarken$/);
    await expect(page.getByText('Välkommen! Du är inloggad.')).toBeVisible();
    await expect(page.locator('[data-account-link]')).toHaveText('Mina sidor');
  });

  test('arriving at /account#forgot, the forgot-password form is open with the focus in its e-mail field', async ({
    page,
  }) => {
    await page.goto('/account#forgot');
    const forgot = page.getByRole('form', { name: 'Glömt lösenordet?' });
    await expect(forgot.getByLabel('E-post')).toBeVisible();
    await expect(forgot.getByLabel('E-post')).toBeFocused();
    await expect(
      page.getByText('Ange din e-postadress så skickar vi en länk där du väljer ett nytt lösenord.'),
    ).toBeInViewport();
    await expect(forgot.getByRole('button', { name: 'Skicka länk' })).toBeVisible();
  });

  test('forgot password through the dev mailbox, in English, without JavaScript; log out from the header', async ({
    page,
  }) => {
    const email = newEmail('nojs-reset');
    await createAccount(page, email);
    // The header's menu opens without JavaScript (a disclosure) and logs out.
    await page.goto('/en/brands');
    await page.locator('[data-account-menu] summary').click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('You are logged out.')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/brands$/);

    await page.goto('/en/account');
    await page.getByText('Forgot your password?').click();
    const forgot = page.getByRole('form', { name: 'Forgot your password?' });
    await forgot.getByLabel('Email').fill(email);
    await forgot.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText(`If there is an account for ${email}, we have sent a link there.`)).toBeVisible();
    await page.goto('/_dev/mailbox');
    const html = await page.content();
    const link = /http:\/\/127\.0\.0\.1:\d+\/en\/account\/reset-password\?resetKey=[0-9a-f]{48}/.exec(
      html.slice(html.indexOf(email)),
    )?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    // The key left the address bar at once.
    await expect(page).toHaveURL(/\/en\/account\/reset-password$/);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Repeat the password').fill('short');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Your password must contain at least 7 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('nytt-losen-3');
    await page.getByLabel('Repeat the password').fill('nytt-losen-3');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Your new password is saved and you are logged in.')).toBeVisible();
    await expect(page.getByText(`You are logged in as ${email}.`)).toBeVisible();
  });
});
