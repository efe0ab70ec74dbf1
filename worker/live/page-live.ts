/**
 * A page's private live room (issue 28): the room's name and the live token that opens it, for the shopper
 * the page is rendered for (the checkout's cart, a confirmation page's order, my pages' orders). Only with
 * the built-in API's live rooms and AUTH_SECRET; otherwise the page shows nothing live.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { liveToken, privateRoom, type PrivateLiveKind } from './rooms';
import { sessionCustomerById } from '../commerce/customers/auth';

export interface PrivateLive {
  /** The room's subject in its URL (/graphql/live/{kind}/{subject}). */
  subject: string;
  token: string;
}

export async function privateLiveOf(
  c: Context<AppEnv>,
  kind: PrivateLiveKind,
  subject: string | number,
): Promise<PrivateLive | null> {
  const config = c.get('config');
  if (config.liveEndpoint !== 'built-in' || !config.authSecret) return null;
  const room = await privateRoom(config.authSecret, kind, subject);
  // A customer's room is open while their session is: its token names the session's version.
  let sessionVersion: number | undefined;
  if (kind === 'customer') {
    const customer = await sessionCustomerById(c.env.DB, Number(subject));
    if (!customer) return null;
    sessionVersion = customer.sessionVersion;
  }
  const token = await liveToken(config.authSecret, room, subject, new Date(), sessionVersion);
  return { subject: room.slice(kind.length + 1), token };
}
