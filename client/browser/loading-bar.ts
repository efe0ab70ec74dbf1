/**
 * The navigation loading bar (spec §2 "A loading bar runs during navigation (yellow, red on failure)",
 * §4, §9). The shop has no client routing, so a navigation is the browser leaving the page. This script:
 * - starts when a navigation to another document begins: the Navigation API's `navigate` event where the
 *   browser has it, else a click on a same-site link or a form submit that no script cancelled;
 * - checks every 100 ms (tick) and shows the yellow bar only once the navigation has taken 1000 ms
 *   (delay), so fast pages never flash it;
 * - moves the bar towards the end over 5000 ms (duration), repainting at most every 200 ms (throttle);
 *   it never reaches the end on its own, because only the next page arriving ends it;
 * - turns it red at once, with a spoken message, when the browser goes offline during the navigation,
 *   is offline when it starts, or reports the navigation failed (`navigateerror`);
 * - when the page comes back from the back/forward cache, completes it and hides it 500 ms later.
 * A navigation the browser ends without leaving (a 204 answer, a download) leaves the bar until the
 * next navigation or page; no event tells a page about those.
 */

export const LOADING_DELAY_MS = 1000;
export const LOADING_TICK_MS = 100;
export const LOADING_THROTTLE_MS = 200;
export const LOADING_DURATION_MS = 5000;
export const LOADING_HIDE_MS = 500;
/** The bar stops short of full until the page arrives. */
export const LOADING_MAX_PROGRESS = 0.95;

/**
 * How full the bar is `shownMs` after it appeared: a quick start that slows down (ease-out) and reaches
 * LOADING_MAX_PROGRESS at the end of `durationMs`, where it stays.
 */
export function loadingProgress(shownMs: number, durationMs = LOADING_DURATION_MS): number {
  const t = Math.min(Math.max(shownMs / durationMs, 0), 1);
  return LOADING_MAX_PROGRESS * (1 - (1 - t) * (1 - t));
}

/** Whether a bar started `elapsedMs` ago should be visible: after the delay, or at once when failed. */
export function loadingBarVisible(elapsedMs: number, failed: boolean): boolean {
  return failed || elapsedMs >= LOADING_DELAY_MS;
}

/** Whether a click on `link` leaves this document for another page of this site in this tab. */
function leavesPageThroughLink(event: MouseEvent, link: HTMLAnchorElement): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return false;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return false;
  // Only the hash changes: the page scrolls, nothing loads.
  return !(url.pathname === location.pathname && url.search === location.search && url.hash !== '');
}

interface NavigateEventLike extends Event {
  hashChange: boolean;
  downloadRequest: string | null;
  destination: { sameDocument: boolean };
}

/** Starts the bar's behaviour for this page; call once. Does nothing without the bar in the document. */
export function startLoadingBar(): void {
  const bar = document.querySelector<HTMLElement>('[data-loading-bar]');
  const fill = bar?.firstElementChild as HTMLElement | null | undefined;
  const status = document.querySelector<HTMLElement>('[data-loading-status]');
  if (!bar || !fill) return;
  let startedAt = 0;
  let shownAt = 0;
  let paintedAt = 0;
  let failed = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;

  function paint(progress: number): void {
    fill!.style.transform = `scaleX(${progress})`;
    paintedAt = performance.now();
  }

  function tick(): void {
    const now = performance.now();
    if (!loadingBarVisible(now - startedAt, failed)) return;
    if (bar!.hidden) {
      bar!.hidden = false;
      shownAt = now;
      paint(0);
    }
    if (now - paintedAt >= LOADING_THROTTLE_MS) paint(failed ? 1 : loadingProgress(now - shownAt));
  }

  function start(): void {
    if (timer !== undefined) return;
    clearTimeout(hideTimer);
    startedAt = performance.now();
    failed = false;
    bar!.dataset.state = 'loading';
    timer = setInterval(tick, LOADING_TICK_MS);
    if (!navigator.onLine) fail();
  }

  function fail(): void {
    if (timer === undefined) return;
    failed = true;
    bar!.dataset.state = 'failed';
    if (status) status.textContent = status.dataset.failedText ?? '';
    tick();
  }

  function finish(): void {
    if (timer === undefined) return;
    clearInterval(timer);
    timer = undefined;
    if (status) status.textContent = '';
    if (bar!.hidden) return;
    paint(1);
    hideTimer = setTimeout(() => {
      bar!.hidden = true;
      paint(0);
    }, LOADING_HIDE_MS);
  }

  const navigation = (window as { navigation?: EventTarget }).navigation;
  if (navigation) {
    navigation.addEventListener('navigate', (event) => {
      const navigate = event as NavigateEventLike;
      if (!navigate.destination.sameDocument && !navigate.hashChange && navigate.downloadRequest === null) start();
    });
    navigation.addEventListener('navigateerror', fail);
  } else {
    document.addEventListener('click', (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!event.defaultPrevented && link instanceof HTMLAnchorElement && leavesPageThroughLink(event, link)) start();
    });
    document.addEventListener('submit', (event) => {
      if (!event.defaultPrevented) start();
    });
  }
  addEventListener('offline', fail);
  addEventListener('online', () => {
    if (failed) finish();
  });
  addEventListener('pageshow', (event) => {
    if (event.persisted) finish();
  });
}
