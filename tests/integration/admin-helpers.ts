// The back office under test (issue 27): the app with the variables of a deployment behind Cloudflare
// Access (a team whose keys the test holds, served at the team's certs address) or of `npm run dev`.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createApp } from '../../worker/app';
import { env } from '../helpers';

export const TEAM = 'kontorsgiganten.cloudflareaccess.com';
export const AUD = 'b'.repeat(64);
export const OWNER = 'agare@kontorsgiganten.se';
const ORIGIN = 'http://127.0.0.1';

const app = createApp();

/** A deployment with Access in front of /admin, and one on `npm run dev` (the local owner). */
export const accessShop = { ...env, ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD, ADMIN_OWNER: OWNER };
export const devShop = { ...env, DEV_MAILBOX: 'true' };

let keys: { team: CryptoKey; other: CryptoKey; jwks: object } | undefined;

/** The team's signing key, another key nobody trusts, and the team's certs; made once per file. */
async function teamKeys() {
  if (!keys) {
    const team = await generateKeyPair('RS256');
    const other = await generateKeyPair('RS256');
    keys = {
      team: team.privateKey,
      other: other.privateKey,
      jwks: { keys: [{ ...(await exportJWK(team.publicKey)), kid: 'team-key', alg: 'RS256', use: 'sig' }] },
    };
  }
  return keys;
}

const realFetch = globalThis.fetch;
/** Serves the team's certs where jose fetches them; everything else as before. */
export async function serveTeamCerts(): Promise<() => void> {
  const { jwks } = await teamKeys();
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === `https://${TEAM}/cdn-cgi/access/certs`) return Response.json(jwks);
    return realFetch(input, init);
  };
  return () => {
    globalThis.fetch = realFetch;
  };
}

/** An Access application token for `email`: the team's, this application's and fresh unless told otherwise. */
export async function accessToken(
  email: string,
  { forged = false, aud = AUD, iss = `https://${TEAM}`, expiresIn = '1h' } = {},
): Promise<string> {
  const { team, other } = await teamKeys();
  return new SignJWT({ email })
    .setProtectedHeader({ alg: 'RS256', kid: 'team-key' })
    .setIssuer(iss)
    .setAudience(aud)
    .setSubject(`sub-${email}`)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(forged ? other : team);
}

export interface AdminRequest {
  /** The staff member Access vouches for (a fresh valid token), or a token as given. */
  as?: string;
  token?: string;
  form?: Record<string, string>;
  /** The Origin of a form post: this site's unless told otherwise. */
  origin?: string;
  environment?: object;
  cookie?: string;
}

/** A request to the back office of `environment` (Access by default). */
export async function admin(path: string, request: AdminRequest = {}): Promise<Response> {
  const headers = new Headers();
  const token = request.token ?? (request.as ? await accessToken(request.as) : undefined);
  if (token) headers.set('Cf-Access-Jwt-Assertion', token);
  if (request.cookie) headers.set('Cookie', request.cookie);
  let body: string | undefined;
  if (request.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    headers.set('Origin', request.origin ?? ORIGIN);
    body = new URLSearchParams(request.form).toString();
  }
  const ctx = createExecutionContext();
  const response = await app.request(
    `${ORIGIN}${path}`,
    { method: request.form ? 'POST' : 'GET', headers, body, redirect: 'manual' },
    request.environment ?? accessShop,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** Staff member `email` with `role`, straight into the table (as the owner's form would). */
export async function addStaffMember(email: string, role: 'owner' | 'staff' | 'viewer'): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO staff (email, role, added_at, added_by) VALUES (?, ?, '2026-11-28T08:00:00Z', ?) ON CONFLICT (email) DO UPDATE SET role = excluded.role",
  )
    .bind(email, role, OWNER)
    .run();
}

/** The notice a form left for the next page: the cookie to send with it. */
export function noticeCookie(response: Response): string {
  const set = response.headers.get('Set-Cookie') ?? '';
  const match = /admin-notice=[^;]*/.exec(set);
  return match ? match[0] : '';
}

/** A page's text without tags, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
