/**
 * Deferred data that is ready within a few milliseconds renders in place, not through Suspense. React's
 * out-of-order streaming swaps a finished boundary in with an inline script, so without JavaScript a
 * shopper would see the placeholders forever; and a boundary swapped in after the first paint moves the
 * page. So a page gives its deferred promises a short head start: those that settle within it are
 * marked the way React's `use()` reads synchronously (`status` / `value`), and render inline in the first
 * chunk; the slow ones still stream in behind Suspense, as they should.
 */

/** How long the shell may wait for deferred data. Warm catalog reads (KV) answer in 1–2 ms. */
export const RENDER_AHEAD_MS = 50;

type Trackable = Promise<unknown> & { status?: string; value?: unknown; reason?: unknown };

/**
 * Waits until every promise has settled or `withinMs` has passed, whichever is first; each promise
 * that settled carries its outcome for `use()`. Never rejects. True when all of them settled: the page
 * can then never suspend and may be prerendered (renderPage's `prerender` option).
 */
export async function renderAhead(
  promises: readonly (Promise<unknown> | null)[],
  withinMs = RENDER_AHEAD_MS,
): Promise<boolean> {
  const tracked = promises.filter((promise): promise is Trackable => promise !== null);
  let pending = tracked.length;
  const settled = tracked.map((promise) =>
    promise
      .then(
        (value) => void Object.assign(promise, { status: 'fulfilled', value }),
        (reason: unknown) => void Object.assign(promise, { status: 'rejected', reason }),
      )
      .finally(() => pending--),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)));
  await Promise.race([Promise.all(settled), deadline]);
  clearTimeout(timer);
  return pending === 0;
}
