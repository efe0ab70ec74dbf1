/**
 * Live rooms (issue 28, docs/decisions/025-live-subscriptions.md): one Durable Object per thing a page can
 * watch, named `{kind}:{subject}`.
 * - `product:{productId}`: a product's stock and prices, public: anyone may watch them.
 * - `cart:{room}`, `order:{room}`, `customer:{room}`: a cart, an order (its confirmation page) and a
 *   customer's orders (my pages). Their room is an HMAC of the cart id, the order's public id or the
 *   customer id, so no id reaches a URL or a log; only a live token (below) opens one.
 *
 * A live token is a purpose-made JWS (HS256 under a key derived from AUTH_SECRET for live rooms only) that
 * names one room and the subject it stands for, for LIVE_TOKEN_TTL_S. A customer's room's token also names
 * the customer's session version: a logout, a password change or a reset ends it with the sessions. The page that shows the cart, the
 * order or my pages is rendered for its own shopper only and carries it; the browser sends it as the spec's
 * `Authorization` connection parameter (spec §7), and the room checks it names the room itself.
 */
import { jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import { purposeHmacHex, purposeKey } from '../commerce/crypto';

export const LIVE_KINDS = ['product', 'cart', 'order', 'customer'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];
export type PrivateLiveKind = Exclude<LiveKind, 'product'>;

/** A room's subject in a URL: a product id, or a private room's 32 hex digits. */
export const ROOM_SUBJECT: Record<LiveKind, RegExp> = {
  product: /^[1-9]\d{0,9}$/,
  cart: /^[0-9a-f]{32}$/,
  order: /^[0-9a-f]{32}$/,
  customer: /^[0-9a-f]{32}$/,
};

/** How long a page's live token opens its room: a shopper who keeps a page open longer reloads it. */
export const LIVE_TOKEN_TTL_S = 12 * 3600;
const LABEL = 'live rooms';
const AUDIENCE = 'live-room';

export function isLiveKind(kind: string): kind is LiveKind {
  return (LIVE_KINDS as readonly string[]).includes(kind);
}

/** The room name of a private subject (a cart id, an order's public id, a customer id). */
export async function privateRoom(secret: string, kind: PrivateLiveKind, subject: string | number): Promise<string> {
  const digest = await purposeHmacHex(secret, LABEL, `${kind}:${subject}`);
  return `${kind}:${digest.slice(0, 32)}`;
}

/** The room of a product. */
export function productRoom(productId: number): string {
  return `product:${productId}`;
}

/** A live token opening `room` for `subject`, valid LIVE_TOKEN_TTL_S from `now` (and while `sessionVersion` holds). */
export async function liveToken(
  secret: string,
  room: string,
  subject: string | number,
  now: Date,
  sessionVersion?: number,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ room, ...(sessionVersion !== undefined ? { sv: sessionVersion } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(subject))
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LIVE_TOKEN_TTL_S)
    .sign(await purposeKey(secret, LABEL));
}

const Claims = v.object({
  room: v.string(),
  sub: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  sv: v.optional(v.pipe(v.number(), v.integer())),
});

/** What a live token grants: its room's subject, and for a customer's room the session it belongs to. */
export interface LiveGrant {
  subject: string;
  sessionVersion?: number;
}

/**
 * What a live token grants in `room`, or null when it is not a live token, names another room, was altered or
 * has expired. `authorization` is the connection parameter as sent: `Bearer {token}`.
 */
export async function readLiveToken(
  secret: string,
  authorization: unknown,
  room: string,
  now: Date,
): Promise<LiveGrant | null> {
  if (typeof authorization !== 'string') return null;
  const token = authorization.replace(/^Bearer\s+/i, '');
  if (token.length > 2048 || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return null;
  try {
    const { payload } = await jwtVerify(token, await purposeKey(secret, LABEL), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: now,
    });
    const claims = v.safeParse(Claims, payload);
    if (!claims.success || claims.output.room !== room) return null;
    return {
      subject: claims.output.sub,
      ...(claims.output.sv !== undefined ? { sessionVersion: claims.output.sv } : {}),
    };
  } catch {
    return null;
  }
}
