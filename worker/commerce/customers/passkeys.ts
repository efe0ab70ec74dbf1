/**
 * Passkeys (issue 13, "beyond every peer storefront"): WebAuthn credentials a logged-in customer registers
 * and then logs in with instead of a password. The ceremonies are @simplewebauthn/server's (a kept
 * library that runs on Web Crypto, so on workerd as it is); this module keeps what they need in D1:
 *
 * - challenges, used once and within five minutes: a registration challenge is a row per ceremony
 *   belonging to the customer who asked (an atomic UPDATE spends it); a login challenge is signed instead
 *   (`expires.nonce.mac`, a key derived from AUTH_SECRET), so anonymous visitors asking for login
 *   options write nothing (issue 24), and only a verified login records it spent (an INSERT that a
 *   replay of the same answer cannot repeat);
 * - credentials: the public key, the signature counter (a clone that replays an older counter is
 *   refused by the library), transports, and a name for the customer's list.
 *
 * Login asks for discoverable credentials (no email first): the authenticator offers the customer's
 * passkeys for this shop, and the credential id it answers with names the account.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { customerOfRow, type SessionCustomer } from './auth';
import { base64UrlOf, bytesOfBase64Url, purposeHmacHex, randomHex, sameToken } from '../crypto';
import type { CustomerType } from '../../../core/customer-type';

/** How long a ceremony may take, from options to answer. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** A customer keeps at most this many passkeys (a phone, a laptop, a key…). */
export const MAX_PASSKEYS = 10;

/** Who the passkeys are for: the shop's name (shown by the authenticator) and its origin. */
export interface RelyingParty {
  name: string;
  /** The origin the pages are served from, e.g. https://www.kontorsgiganten.se. */
  origin: string;
}

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
}

const rpIdOf = (rp: RelyingParty) => new URL(rp.origin).hostname;

async function storeChallenge(
  db: D1Database,
  challenge: string,
  purpose: 'register' | 'login',
  customerId: number | null,
  now: Date,
): Promise<void> {
  await db.batch([
    // Old ceremonies are forgotten as new ones start (no cron needed for a small table).
    db.prepare('DELETE FROM passkey_challenges WHERE expires_at <= ?').bind(now.toISOString()),
    db
      .prepare('INSERT INTO passkey_challenges (challenge, purpose, customer_id, expires_at) VALUES (?, ?, ?, ?)')
      .bind(challenge, purpose, customerId, new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString()),
  ]);
}

/** Spends a challenge: true once for a live one of this purpose (and customer), false ever after. */
async function spendChallenge(
  db: D1Database,
  challenge: string,
  purpose: 'register' | 'login',
  customerId: number | null,
  now: Date,
): Promise<boolean> {
  const spent = await db
    .prepare(
      `UPDATE passkey_challenges SET used_at = ?
       WHERE challenge = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? AND customer_id IS ?`,
    )
    .bind(now.toISOString(), challenge, purpose, now.toISOString(), customerId)
    .run();
  return spent.meta.changes === 1;
}

/** The customer's passkeys, newest first. */
export async function listPasskeys(db: D1Database, customerId: number): Promise<Passkey[]> {
  const { results } = await db
    .prepare(
      'SELECT id, name, created_at, last_used_at, backed_up FROM passkeys WHERE customer_id = ? ORDER BY created_at DESC',
    )
    .bind(customerId)
    .all<{ id: string; name: string; created_at: string; last_used_at: string | null; backed_up: number }>();
  return results.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    backedUp: row.backed_up === 1,
  }));
}

/** The options for adding a passkey to `customer`'s account (its existing ones excluded). */
export async function registrationOptions(
  db: D1Database,
  rp: RelyingParty,
  customer: { id: number; email: string },
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { results } = await db
    .prepare('SELECT id, transports FROM passkeys WHERE customer_id = ?')
    .bind(customer.id)
    .all<{ id: string; transports: string }>();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rpIdOf(rp),
    userName: customer.email,
    // The account, not the address (which may change): the customer id as the user handle.
    userID: new TextEncoder().encode(`customer:${customer.id}`),
    attestationType: 'none',
    excludeCredentials: results.map((row) => ({
      id: row.id,
      transports: JSON.parse(row.transports) as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(db, options.challenge, 'register', customer.id, now);
  return options;
}

export type RegistrationOutcome = { ok: true; passkey: Passkey } | { ok: false; reason: 'invalid' | 'limit' };

/** Verifies the authenticator's answer to `registrationOptions` and keeps the new passkey. */
export async function registerPasskey(
  db: D1Database,
  rp: RelyingParty,
  customerId: number,
  input: { response: RegistrationResponseJSON; name?: string; defaultName: (number: number) => string },
  now: Date,
): Promise<RegistrationOutcome> {
  const count = await db
    .prepare('SELECT COUNT(*) AS n FROM passkeys WHERE customer_id = ?')
    .bind(customerId)
    .first<{ n: number }>();
  const existing = count?.n ?? 0;
  if (existing >= MAX_PASSKEYS) return { ok: false, reason: 'limit' };
  const name = input.name || input.defaultName(existing + 1);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: (challenge) => spendChallenge(db, challenge, 'register', customerId, now),
      expectedOrigin: rp.origin,
      expectedRPID: rpIdOf(rp),
      requireUserVerification: false,
    });
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!verification.verified) return { ok: false, reason: 'invalid' };
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const inserted = await db
    .prepare(
      `INSERT INTO passkeys (id, customer_id, public_key, counter, transports, device_type, backed_up, name, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    )
    .bind(
      credential.id,
      customerId,
      base64UrlOf(credential.publicKey),
      credential.counter,
      JSON.stringify(credential.transports ?? []),
      credentialDeviceType,
      credentialBackedUp ? 1 : 0,
      name,
      now.toISOString(),
    )
    .run();
  if (inserted.meta.changes !== 1) return { ok: false, reason: 'invalid' };
  return {
    ok: true,
    passkey: {
      id: credential.id,
      name,
      createdAt: now.toISOString(),
      lastUsedAt: null,
      backedUp: credentialBackedUp,
    },
  };
}

const LOGIN_CHALLENGE_PATTERN = /^(\d{13})\.([0-9a-f]{32})\.([0-9a-f]{64})$/;
const loginChallengeMac = (secret: string, expires: string, nonce: string) =>
  purposeHmacHex(secret, 'passkey-login-challenge', `${expires}.${nonce}`);

/** Whether a login challenge (base64url, as the authenticator signed it) is one of ours and still live. */
async function liveLoginChallenge(secret: string, challenge: string, now: Date): Promise<boolean> {
  let text: string;
  try {
    text = new TextDecoder().decode(bytesOfBase64Url(challenge));
  } catch {
    return false;
  }
  const parts = LOGIN_CHALLENGE_PATTERN.exec(text);
  if (!parts || Number(parts[1]) <= now.getTime()) return false;
  return sameToken(parts[3]!, await loginChallengeMac(secret, parts[1]!, parts[2]!));
}

/**
 * The options for logging in with any passkey of this shop (discoverable credentials). The challenge
 * carries its own expiry and signature: nothing is stored for a visitor who only asks.
 */
export async function authenticationOptions(
  secret: string,
  rp: RelyingParty,
  now: Date,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const expires = String(now.getTime() + CHALLENGE_TTL_MS);
  const nonce = randomHex(16);
  const challenge = `${expires}.${nonce}.${await loginChallengeMac(secret, expires, nonce)}`;
  return generateAuthenticationOptions({ rpID: rpIdOf(rp), userVerification: 'preferred', challenge });
}

/** Records a verified login's challenge as spent: false when it was spent already (a replayed answer). */
async function spendLoginChallenge(db: D1Database, challenge: string, now: Date): Promise<boolean> {
  const [, spent] = await db.batch([
    db.prepare('DELETE FROM passkey_challenges WHERE expires_at <= ?').bind(now.toISOString()),
    db
      .prepare(
        `INSERT INTO passkey_challenges (challenge, purpose, customer_id, expires_at, used_at)
         VALUES (?, 'login', NULL, ?, ?) ON CONFLICT (challenge) DO NOTHING`,
      )
      .bind(challenge, new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(), now.toISOString()),
  ]);
  return spent!.meta.changes === 1;
}

/**
 * The customer a login answer proves, or null: the credential must be known and its account alive, the
 * challenge one this shop issued and not yet used, the signature valid and its counter not replayed.
 */
export async function authenticatePasskey(
  db: D1Database,
  { rp, secret }: { rp: RelyingParty; secret: string },
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<SessionCustomer | null> {
  const row = await db
    .prepare(
      `SELECT p.id AS credential_id, p.public_key, p.counter, p.transports,
              c.id, c.email, c.session_version, c.customer_type
       FROM passkeys p JOIN customers c ON c.id = p.customer_id
       WHERE p.id = ? AND c.deleted_at IS NULL`,
    )
    .bind(response.id)
    .first<{
      credential_id: string;
      public_key: string;
      counter: number;
      transports: string;
      id: number;
      email: string;
      session_version: number;
      customer_type: CustomerType;
    }>();
  if (!row) return null;
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => liveLoginChallenge(secret, challenge, now),
      expectedOrigin: rp.origin,
      expectedRPID: rpIdOf(rp),
      credential: {
        id: row.credential_id,
        publicKey: bytesOfBase64Url(row.public_key),
        counter: row.counter,
        transports: JSON.parse(row.transports) as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
  } catch {
    return null;
  }
  if (!verification.verified) return null;
  const clientData = JSON.parse(new TextDecoder().decode(bytesOfBase64Url(response.response.clientDataJSON))) as {
    challenge: string;
  };
  if (!(await spendLoginChallenge(db, clientData.challenge, now))) return null;
  await db
    .prepare('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?')
    .bind(verification.authenticationInfo.newCounter, now.toISOString(), row.credential_id)
    .run();
  return customerOfRow(row);
}

/** Removes one of the customer's passkeys; false when it is not theirs (or gone already). */
export async function removePasskey(db: D1Database, customerId: number, id: string): Promise<boolean> {
  const removed = await db.prepare('DELETE FROM passkeys WHERE id = ? AND customer_id = ?').bind(id, customerId).run();
  return removed.meta.changes === 1;
}
