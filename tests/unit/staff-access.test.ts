// Issue 27: who Cloudflare Access lets into /admin. Access sends its application token in
// Cf-Access-Jwt-Assertion; only a token signed by the team's key (its JWKS at /cdn-cgi/access/certs),
// issued by the team for this application's audience and not expired names a staff member's address.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { accessEmailOf } from '../../worker/admin/access';

const AUD = 'a'.repeat(64);
const NOW = new Date('2026-11-28T12:00:00Z');
let teamKey: CryptoKey;
let otherKey: CryptoKey;
let jwks: object;
let serial = 0;

beforeAll(async () => {
  const team = await generateKeyPair('RS256');
  teamKey = team.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  jwks = { keys: [{ ...(await exportJWK(team.publicKey)), kid: 'team-key', alg: 'RS256', use: 'sig' }] };
});
afterEach(() => vi.unstubAllGlobals());

/** A team of its own for each test (the key sets are kept per team for the isolate), whose certs are served. */
function team(): { teamDomain: string; audience: string; fetched: string[] } {
  const teamDomain = `team-${serial++}.cloudflareaccess.com`;
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    fetched.push(url);
    if (url === `https://${teamDomain}/cdn-cgi/access/certs`) return Response.json(jwks);
    return new Response('not found', { status: 404 });
  });
  return { teamDomain, audience: AUD, fetched };
}

function token(
  app: { teamDomain: string },
  {
    key = teamKey,
    kid = 'team-key',
    aud = AUD,
    iss = `https://${app.teamDomain}`,
    email = 'Karin@Kontorsgiganten.se',
    exp = '1h',
  } = {},
) {
  return new SignJWT({ email })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt(Math.floor(NOW.getTime() / 1000))
    .setExpirationTime(
      exp === 'expired' ? Math.floor(NOW.getTime() / 1000) - 60 : Math.floor(NOW.getTime() / 1000) + 3600,
    )
    .sign(key);
}

describe('the Access token in front of /admin', () => {
  test('a token the team signed for this application names its address, lowercased', async () => {
    const app = team();
    expect(await accessEmailOf(await token(app), app, NOW)).toBe('karin@kontorsgiganten.se');
    expect(app.fetched).toEqual([`https://${app.teamDomain}/cdn-cgi/access/certs`]);
  });

  test('no token, a forged one, another application’s, another team’s or an expired one names nobody', async () => {
    const app = team();
    expect(await accessEmailOf(undefined, app, NOW)).toBeNull();
    expect(await accessEmailOf('not.a.token', app, NOW)).toBeNull();
    expect(await accessEmailOf(await token(app, { key: otherKey }), app, NOW)).toBeNull();
    expect(await accessEmailOf(await token(app, { aud: 'b'.repeat(64) }), app, NOW)).toBeNull();
    expect(await accessEmailOf(await token(app, { iss: 'https://other.cloudflareaccess.com' }), app, NOW)).toBeNull();
    expect(await accessEmailOf(await token(app, { exp: 'expired' }), app, NOW)).toBeNull();
    expect(await accessEmailOf(await token(app, { email: '' }), app, NOW)).toBeNull();
  });
});
