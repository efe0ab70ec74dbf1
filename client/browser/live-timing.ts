/**
 * When the live socket tries again (issue 28). The spec names two rules: §7 "retry up to 5 times, delay
 * 500 ms doubled each time", and §9 "reconnect jitter 0.5, timeout factor 1.2, unlimited attempts" with a
 * "WebSocket timeout 30,000 ms (min 1,000)". Both hold here: the first five waits are §7's (0.5, 1, 2, 4 and
 * 8 s), and from there the socket keeps trying as §9 says, each wait 1.2 times the one before, never more than
 * the 30 s timeout; every wait varies by half either way (jitter 0.5), so pages that lost a socket together
 * do not all come back in the same instant.
 */

/** graphql-ws `connectionAckWaitTimeout`: §9's WebSocket timeout, and its floor. */
export const LIVE_TIMEOUT_MS = 30_000;
export const LIVE_MIN_TIMEOUT_MS = 1_000;
const FIRST_RETRY_MS = 500;
const DOUBLED_RETRIES = 5;
const FACTOR = 1.2;
const JITTER = 0.5;

/** The wait before retry number `retries` (0 first), with `random()` in [0, 1) for the jitter. */
export function liveRetryDelay(retries: number, random: () => number = Math.random): number {
  const doubled = FIRST_RETRY_MS * 2 ** Math.min(retries, DOUBLED_RETRIES - 1);
  const base =
    retries < DOUBLED_RETRIES
      ? doubled
      : Math.min(LIVE_TIMEOUT_MS, doubled * FACTOR ** (retries - DOUBLED_RETRIES + 1));
  const jittered = base * (1 - JITTER + 2 * JITTER * random());
  return Math.round(Math.min(LIVE_TIMEOUT_MS, Math.max(LIVE_MIN_TIMEOUT_MS / 2, jittered)));
}
