/**
 * Who is at /admin (issue 27): Cloudflare Access stands in front of it and sends every request it lets
 * through with its application token in `Cf-Access-Jwt-Assertion` (Cloudflare's "Validate JWTs": the
 * header, not the CF_Authorization cookie, which is not always passed). The token is an RS256 JWT signed
 * with the team's key (`https://<team>.cloudflareaccess.com/cdn-cgi/access/certs`, rotated every six
 * weeks, the previous key valid for seven days), issued by `https://<team>.cloudflareaccess.com` for the
 * application's audience tag. jose verifies it: signature by the JWKS (fetched and cached by
 * createRemoteJWKSet, refetched for an unknown key id), issuer, audience, expiry.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export const ACCESS_ASSERTION_HEADER = 'Cf-Access-Jwt-Assertion';

export interface AccessApplication {
  teamDomain: string;
  audience: string;
}

/** The team's key sets, one per isolate (createRemoteJWKSet caches the keys it fetched). */
const keySets = new Map<string, JWTVerifyGetKey>();

function keySetOf(teamDomain: string): JWTVerifyGetKey {
  let keys = keySets.get(teamDomain);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(`https://${teamDomain}/cdn-cgi/access/certs`));
    keySets.set(teamDomain, keys);
  }
  return keys;
}

/**
 * The e-mail address Access vouches for in `token` (lowercased), or null when the token is missing,
 * malformed, forged, expired, for another application or from another team. Why is logged, never shown.
 */
export async function accessEmailOf(
  token: string | undefined,
  application: AccessApplication,
  now: Date = new Date(),
): Promise<string | null> {
  if (!token || token.length > 8192) return null;
  try {
    const { payload } = await jwtVerify(token, keySetOf(application.teamDomain), {
      issuer: `https://${application.teamDomain}`,
      audience: application.audience,
      algorithms: ['RS256'],
      currentDate: now,
    });
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    return email.length >= 3 && email.length <= 254 && email.includes('@') ? email : null;
  } catch (error) {
    console.warn('an Access token was refused:', error instanceof Error ? error.message : error);
    return null;
  }
}
