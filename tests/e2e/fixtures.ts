// The `test` every e2e spec uses: Playwright's, with one browser page kept per worker (and per set of
// context options: with and without JavaScript) instead of a new context and page for each test.
//
// Why: on the suite's two cores Chromium is most of the work, and most of a short test's share was starting
// over: a new context and page and its first load of a product page cost 1.6 CPU-s against 0.3 for the
// same load in an open page (a new renderer process, an empty HTTP cache, scripts compiled again).
//
// Each test still starts as a new visitor: after a test, the pages it opened are closed, its routes,
// listeners and offline switch are undone, the kept page is led to a plain text page of the shop (its
// scripts and timers end there) and the shop's cookies, localStorage and sessionStorage are cleared.
// What cannot be undone makes the test's context its own: a test that adds an init script, exposes a
// function, opens a CDP session of its own (a virtual authenticator; the cpuSlowdown fixture undoes its
// CPU throttling itself), emulates media, sets headers, permissions or a clock, closes the context, or
// fails, gets its context closed after it, and the next test a new one. What stays is the browser's HTTP
// cache (scripts, styles, images), as for a shopper coming back: the shop's pages carry neither freshness
// nor validators, so every page is asked for again.
import {
  test as base,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
  type ViewportSize,
} from '@playwright/test';

export { expect } from '@playwright/test';

interface ContextOptions {
  baseURL: string | undefined;
  javaScriptEnabled: boolean;
  reducedMotion: 'reduce' | 'no-preference' | null;
  ignoreHTTPSErrors: boolean;
  viewport: ViewportSize | null;
  /** Blocked but in the offline journeys (playwright.config.ts): the shop's service worker stays out of the rest. */
  serviceWorkers: 'allow' | 'block';
}

interface Kept {
  context: BrowserContext;
  page: Page;
  /** Something was done to it that the reset cannot undo: it is closed after the test. */
  dirty: boolean;
  /** The context's own newCDPSession, for what the fixtures undo themselves (cpuSlowdown). */
  newCDPSession: (page: Page) => Promise<CDPSession>;
}

/** Methods whose effect outlives the test and has no undo: calling one makes the context the test's own. */
const LASTING = {
  page: ['addInitScript', 'exposeFunction', 'exposeBinding', 'emulateMedia', 'setExtraHTTPHeaders'],
  context: [
    'addInitScript',
    'exposeFunction',
    'exposeBinding',
    'newCDPSession',
    'setExtraHTTPHeaders',
    'grantPermissions',
    'setGeolocation',
    'setHTTPCredentials',
    'close',
  ],
  clock: ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'],
};

function markDirtyOnCall(kept: Kept, target: object, names: string[]): void {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== 'function') continue;
    methods[name] = (...args: unknown[]) => {
      kept.dirty = true;
      return (original as (...args: unknown[]) => unknown).apply(target, args);
    };
  }
}

async function open(browser: Browser, options: ContextOptions): Promise<Kept> {
  const context = await browser.newContext(options);
  const kept: Kept = {
    context,
    page: await context.newPage(),
    dirty: false,
    newCDPSession: context.newCDPSession.bind(context),
  };
  // Every page of the context, the kept one and any a test opens (a second tab, a popup): an init script
  // or a clock set up from any of them outlives the test.
  const watchPage = (page: Page) => {
    markDirtyOnCall(kept, page, LASTING.page);
    markDirtyOnCall(kept, page.clock, LASTING.clock);
  };
  watchPage(kept.page);
  context.on('page', watchPage);
  markDirtyOnCall(kept, context, LASTING.context);
  markDirtyOnCall(kept, context.clock, LASTING.clock);
  return kept;
}

/** Playwright's pages and contexts are event emitters of Node's kind; their listeners, whatever the event. */
interface Listeners {
  eventNames(): (string | symbol)[];
  listeners(name: string | symbol): unknown[];
  off(name: string | symbol, listener: unknown): void;
}
type Snapshot = Map<string | symbol, unknown[]>;

/** The listeners on an emitter now, to take off the ones a test adds. */
function listenersOf(emitter: Page | BrowserContext): Snapshot {
  const events = emitter as unknown as Listeners;
  return new Map(events.eventNames().map((name) => [name, events.listeners(name)]));
}

function removeAddedListeners(emitter: Page | BrowserContext, before: Snapshot): void {
  const events = emitter as unknown as Listeners;
  for (const [name, listeners] of listenersOf(emitter))
    for (const listener of listeners) if (!before.get(name)?.includes(listener)) events.off(name, listener);
}

/** Makes the kept page a new visitor's again; false when it could not (the page is then closed). */
async function reset(
  kept: Kept,
  options: ContextOptions,
  listeners: { page: Snapshot; context: Snapshot },
): Promise<boolean> {
  const { context, page } = kept;
  if (kept.dirty || page.isClosed() || !options.baseURL) return false;
  try {
    for (const other of context.pages()) if (other !== page) await other.close();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    removeAddedListeners(page, listeners.page);
    removeAddedListeners(context, listeners.context);
    const size = page.viewportSize();
    if (options.viewport && (size?.width !== options.viewport.width || size?.height !== options.viewport.height))
      await page.setViewportSize(options.viewport);
    // A page of the shop's own origin without scripts: leaving the test's page ends its scripts and timers,
    // and staying on the origin keeps the renderer process (another origin would start a new one).
    await page.goto(new URL('/robots.txt', options.baseURL).href);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await context.clearCookies();
    return !kept.dirty;
  } catch {
    return false;
  }
}

export const test = base.extend<
  {
    kept: Kept;
    /**
     * Slows the page's CPU down `rate` times (Chromium's throttling, as a mid-range phone; 1 is full speed
     * again): undone after the test, so the kept page stays kept (a test's own CDP session would make its
     * context the test's own). Chromium throttles by keeping the page's main thread busy the rest of the
     * time, so a throttled page uses a whole core even when idle: a test slows down only what it tries.
     */
    cpuSlowdown: (rate: number) => Promise<void>;
  },
  { keptPages: Map<string, Kept> }
>({
  keptPages: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature: no fixtures needed
    async ({}, use) => {
      const pages = new Map<string, Kept>();
      await use(pages);
      await Promise.all([...pages.values()].map((kept) => kept.context.close().catch(() => undefined)));
    },
    { scope: 'worker' },
  ],
  kept: async (
    { browser, keptPages, baseURL, javaScriptEnabled, reducedMotion, ignoreHTTPSErrors, viewport, serviceWorkers },
    use,
    testInfo,
  ) => {
    const options: ContextOptions = {
      baseURL,
      javaScriptEnabled,
      reducedMotion,
      ignoreHTTPSErrors,
      viewport,
      serviceWorkers,
    };
    const key = JSON.stringify(options);
    let kept = keptPages.get(key);
    if (!kept || kept.page.isClosed()) {
      kept = await open(browser, options);
      keptPages.set(key, kept);
    }
    const listeners = { page: listenersOf(kept.page), context: listenersOf(kept.context) };
    await use(kept);
    const passed = testInfo.status === testInfo.expectedStatus;
    if (!passed || !(await reset(kept, options, listeners))) {
      keptPages.delete(key);
      await kept.context.close().catch(() => undefined);
    }
  },
  cpuSlowdown: async ({ kept }, use) => {
    let session: CDPSession | undefined;
    await use(async (rate) => {
      session ??= await kept.newCDPSession(kept.page);
      await session.send('Emulation.setCPUThrottlingRate', { rate });
    });
    if (session) {
      // A page that could not be set back to full speed is not kept.
      await session.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => (kept.dirty = true));
      await session.detach().catch(() => undefined);
    }
  },
  context: async ({ kept }, use) => {
    await use(kept.context);
  },
  page: async ({ kept }, use) => {
    await use(kept.page);
  },
});
