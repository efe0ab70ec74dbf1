import { SignJWT } from 'jose';
import { beforeEach, describe, expect, test } from 'vitest';
import { env, fetchWorker, eventually, settle } from '../helpers';
import { verifyPassword } from '../../worker/commerce/customers/passwords';

const USER = `query getUser { getUser { email personalId customerType balanceFormatted gender
  address { firstName lastName careOf addressLine1 addressLine2 zip city country entryCode mobile company } } }`;
const UPDATE = `mutation updateUser($user: UserInputType!, $languageId: String, $marketId: String) {
  updateUser(user: $user, languageId: $languageId, marketId: $marketId) { email personalId customerType gender
    address { firstName lastName zip city mobile } } }`;
const RESET_REQUEST = `mutation requestPasswordReset($email: String!, $languageId: String) { requestPasswordReset(email: $email, languageId: $languageId) }`;
const RESET_COMMIT = `mutation commitReset($resetKey: String!, $password: String!, $languageId: String) {
  commitReset(resetKey: $resetKey, password: $password, languageId: $languageId) }`;

let customerId = 0;
let email = '';

/** A login token; `passwordAt` (epoch s) when it was issued by typing the password. */
async function tokenFor(id: number, address: string, passwordAt?: number): Promise<string> {
  return new SignJWT({ email: address, sv: 0, ...(passwordAt === undefined ? {} : { pwd: passwordAt }) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(id))
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode((env as unknown as { AUTH_SECRET: string }).AUTH_SECRET));
}

async function call(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await fetchWorker('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: Record<string, any>;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
}

beforeEach(async () => {
  email = `kund-${crypto.randomUUID().slice(0, 8)}@example.se`;
  const now = new Date().toISOString();
  const result = await env.DB.prepare(
    `INSERT INTO customers (email, password_hash, first_name, last_name, zip, city, created_at, updated_at)
     VALUES (?, 'pbkdf2$1$AA==$AA==', 'Astrid', 'Lind', '11122', 'Stockholm', ?, ?)`,
  )
    .bind(email, now, now)
    .run();
  customerId = Number(result.meta.last_row_id);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO balance_transactions (customer_id, currency_code, amount, note, created_at) VALUES (?, 'SEK', 25000, 'Returned goods', ?)",
    ).bind(customerId, now),
    env.DB.prepare(
      "INSERT INTO balance_transactions (customer_id, currency_code, amount, note, created_at) VALUES (?, 'SEK', -5000, 'Used in order', ?)",
    ).bind(customerId, now),
  ]);
});

describe('the customer account', () => {
  test('a guest asking for the account gets a localized UNAUTHENTICATED error', async () => {
    const { data, errors } = await call(USER);
    expect(data?.getUser).toBeNull();
    expect(errors?.[0]).toMatchObject({
      message: 'Du måste vara inloggad för att göra detta',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  test('getUser returns the profile and the balance of the ledger in the market currency', async () => {
    const { data, errors } = await call(USER, {}, await tokenFor(customerId, email));
    expect(errors).toBeUndefined();
    expect(data?.getUser).toMatchObject({
      email,
      customerType: 'PERSON',
      gender: 'UNSPECIFIED',
      balanceFormatted: '200\u00a0kr',
      address: { firstName: 'Astrid', lastName: 'Lind', zip: '11122', city: 'Stockholm', careOf: '' },
    });
  });

  test('updateUser changes only the given fields and validates the personnummer of the market', async () => {
    const token = await tokenFor(customerId, email);
    const updated = await call(
      UPDATE,
      { user: { personalId: '811218-9876', address: { city: 'Uppsala', mobile: '0701234567' } } },
      token,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.updateUser).toMatchObject({
      personalId: '811218-9876',
      customerType: 'PERSON',
      address: { firstName: 'Astrid', city: 'Uppsala', zip: '11122', mobile: '0701234567' },
    });
    const bad = await call(UPDATE, { user: { personalId: '811218-9875' } }, token);
    expect(bad.errors?.[0]?.message).toBe('Du måste ange ett giltigt personnummer');
    const english = await call(UPDATE, { user: { personalId: '123' }, languageId: 'en-US' }, token);
    expect(english.errors?.[0]?.message).toBe('Please enter a valid personal identity number');
    // A business's identity number is its organisationsnummer, kept beside the person's (issue 14).
    const notOrganization = await call(
      UPDATE,
      { user: { customerType: 'ORGANIZATION', personalId: '811218-9876' } },
      token,
    );
    expect(notOrganization.errors?.[0]?.message).toBe('Du måste ange ett giltigt organisationsnummer');
    const business = await call(UPDATE, { user: { customerType: 'ORGANIZATION', personalId: '556036-0793' } }, token);
    expect(business.data?.updateUser).toMatchObject({ personalId: '556036-0793', customerType: 'ORGANIZATION' });
    const row = await env.DB.prepare('SELECT personal_id, organization_id FROM customers WHERE id = ?')
      .bind(customerId)
      .first<{ personal_id: string; organization_id: string }>();
    expect(row).toEqual({ personal_id: '811218-9876', organization_id: '556036-0793' });
  });

  test('deleteUser removes the person, keeps nothing that logs in, and the token stops working', async () => {
    const token = await tokenFor(customerId, email, Math.floor(Date.now() / 1000) - 60);
    await env.DB.prepare(
      "INSERT INTO storefront_favorites (customer_id, product_id, created_at) VALUES (?, 1, '2026-01-01')",
    )
      .bind(customerId)
      .run();
    const { data } = await call('mutation deleteUser { deleteUser }', {}, token);
    expect(data?.deleteUser).toBe(true);
    const row = await env.DB.prepare('SELECT email, first_name, password_hash, deleted_at FROM customers WHERE id = ?')
      .bind(customerId)
      .first<Record<string, string | null>>();
    expect(row).toMatchObject({ email: `deleted-${customerId}@deleted.invalid`, first_name: null, password_hash: '!' });
    expect(row?.deleted_at).not.toBeNull();
    const favorites = await env.DB.prepare('SELECT COUNT(*) AS n FROM storefront_favorites WHERE customer_id = ?')
      .bind(customerId)
      .first<{ n: number }>();
    expect(favorites?.n).toBe(0);
    expect((await call(USER, {}, token)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('password reset', () => {
  async function resetKeyFromOutbox(address: string): Promise<string> {
    // The mail is queued after the answer (the same time for every address): wait for it.
    const mail = await eventually(
      () =>
        env.DB.prepare(
          "SELECT body FROM outgoing_emails WHERE recipient = ? AND kind = 'PASSWORD_RESET' ORDER BY id DESC",
        )
          .bind(address)
          .first<{ body: string }>(),
      (row) => row !== null,
    );
    const key = /[?&]resetKey=([0-9a-f]{48})/.exec(mail?.body ?? '')?.[1];
    if (!key) throw new Error('no reset mail');
    return key;
  }

  test('a reset mail is queued in the customer language with a link to the reset page, and the key works once', async () => {
    const requested = await call(RESET_REQUEST, { email: email.toUpperCase(), languageId: 'fi-FI' });
    expect(requested.data?.requestPasswordReset).toBe(true);
    const mail = await eventually(
      () =>
        env.DB.prepare('SELECT subject, body, language_id FROM outgoing_emails WHERE recipient = ?')
          .bind(email)
          .first<Record<string, string>>(),
      (row) => row !== null,
    );
    expect(mail).toMatchObject({ subject: 'Palauta salasanasi', language_id: 'fi-FI' });
    expect(mail?.body).toContain('/fi/account/reset-password?resetKey=');

    const key = await resetKeyFromOutbox(email);
    const committed = await call(RESET_COMMIT, { resetKey: key, password: 'bmV3LXBhc3N3b3JkLWhhc2g=' });
    expect(committed.data?.commitReset).toBe(true);
    const row = await env.DB.prepare('SELECT password_hash FROM customers WHERE id = ?')
      .bind(customerId)
      .first<{ password_hash: string }>();
    expect(await verifyPassword('bmV3LXBhc3N3b3JkLWhhc2g=', row!.password_hash)).toBe(true);

    const again = await call(RESET_COMMIT, { resetKey: key, password: 'YW5vdGhlci1wYXNzd29yZA==' });
    expect(again.errors?.[0]?.message).toBe(
      'Giltighetstiden för denna återställning har gått ut. Begär en ny återställning av ditt lösenord.',
    );
  });

  test('an unknown address gets the same answer and no mail, so accounts cannot be discovered', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM outgoing_emails').first<{ n: number }>();
    const { data } = await call(RESET_REQUEST, { email: 'nobody@example.se' });
    expect(data?.requestPasswordReset).toBe(true);
    await settle();
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM outgoing_emails').first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  test('an expired key, a short password and a malformed email are refused with their messages', async () => {
    await call(RESET_REQUEST, { email });
    const key = await resetKeyFromOutbox(email);
    await env.DB.prepare("UPDATE password_resets SET expires_at = '2000-01-01T00:00:00.000Z' WHERE customer_id = ?")
      .bind(customerId)
      .run();
    expect((await call(RESET_COMMIT, { resetKey: key, password: 'bmV3LXBhc3N3b3Jk' })).errors?.[0]?.message).toMatch(
      /^Giltighetstiden för denna återställning har gått ut/,
    );
    expect((await call(RESET_COMMIT, { resetKey: key, password: 'kort' })).errors?.[0]?.message).toBe(
      'Ditt lösenord måste innehålla minst 7 tecken',
    );
    expect((await call(RESET_COMMIT, { resetKey: key, password: '', languageId: 'en-US' })).errors?.[0]?.message).toBe(
      'Please enter a password',
    );
    expect((await call(RESET_REQUEST, { email: 'not-an-email' })).errors?.[0]?.message).toBe(
      'Du måste ange en giltig email',
    );
  });
});
