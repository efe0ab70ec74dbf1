/**
 * Keeping a customer logged in while a page stays open (spec §4 "a refresh is scheduled", §9 "refresh
 * scheduled at 900 x maxAge ms"): the login token is refreshed through the auth endpoint
 * (`GET /api/auth/login`, spec §7) at 90 % of its life. The page's scope says when (the server knows the
 * token); a refresh in any tab writes the next moment to localStorage, so the other tabs' timers, on
 * waking, see it is done and sleep again instead of refreshing twice. A session that ended elsewhere
 * (logout in another browser, a password reset) is told to the tabs as a logout.
 *
 * Page navigations do not need this: the server refreshes an expired token itself (worker/middleware/auth.ts).
 */
import { publish } from '../store/channel';

import { REFRESH_AT_KEY } from './auth-keys';
/** Another tab is refreshing right now (409): look again shortly. */
const RECHECK_MS = 5_000;
/** The network failed: try again later (the token may still be good for a while). */
const RETRY_MS = 30_000;

let timer: ReturnType<typeof setTimeout> | undefined;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function storedRefreshAt(): number {
  const value = Number(storage()?.getItem(REFRESH_AT_KEY));
  return Number.isFinite(value) ? value : 0;
}

function arm(at: number): void {
  clearTimeout(timer);
  if (at > 0) timer = setTimeout(() => void refreshNow(), Math.max(0, at - Date.now()));
}

/** Records when the token should be refreshed next (0: logged out) and waits for it. */
export function scheduleTokenRefresh(at: number): void {
  try {
    if (at > 0) storage()?.setItem(REFRESH_AT_KEY, String(at));
    else storage()?.removeItem(REFRESH_AT_KEY);
  } catch {
    // Storage full or blocked: this tab still refreshes on its own timer.
  }
  arm(at);
}

async function refreshNow(): Promise<void> {
  const stored = storedRefreshAt();
  if (stored > Date.now() + 1_000) return arm(stored); // another tab refreshed already
  let response: Response;
  try {
    response = await fetch('/api/auth/login', { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    return arm(Date.now() + RETRY_MS);
  }
  if (response.status === 409) return arm(Date.now() + RECHECK_MS);
  if (response.status === 401) {
    scheduleTokenRefresh(0);
    publish('auth', { loggedIn: false });
    return;
  }
  const data = (await response.json().catch(() => ({}))) as { maxAge?: unknown };
  if (response.ok && typeof data.maxAge === 'number') scheduleTokenRefresh(Date.now() + 900 * data.maxAge);
  else arm(Date.now() + RETRY_MS);
}

/** Starts the schedule for a page: `refreshAt` from its scope (0 when nobody is logged in). */
export function startTokenRefresh(loggedIn: boolean, refreshAt: number): void {
  if (!loggedIn) {
    if (storedRefreshAt() !== 0) scheduleTokenRefresh(0);
    return;
  }
  arm(Math.max(refreshAt, storedRefreshAt()));
}
