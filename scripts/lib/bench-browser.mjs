// Chromium measurements for `npm run bench` (issue 15), in Debian's Chromium driven by Playwright:
//  - the JavaScript a page downloads from navigation until it has been left alone for 5 s after load, and
//    what its first interaction then loads (gzip -9 of each script, as in the rest of the bench);
//  - how long a first interaction on a freshly loaded page takes with the CPU slowed down 4× through the
//    DevTools protocol (Emulation.setCPUThrottlingRate): a key press in the header's search box until the
//    suggestion request is sent, a click on add to cart until the header's cart count shows the new count.
// The functions handed to page.evaluate and addInitScript run in the page: they use its globals.
/* global document, sessionStorage, addEventListener, MutationObserver, requestAnimationFrame */
import { Buffer } from 'node:buffer';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

/** "Before interaction": a page left alone this long after its load event (issue 15). */
export const LEFT_ALONE_MS = 5_000;
export const CPU_SLOWDOWN = 4;
/** First interactions measured on fresh pages, each this many times (the median is reported). */
export const INTERACTION_RUNS = 5;
/** After an interaction's result, how long to keep counting scripts it loads. */
const SETTLE_MS = 2_000;
const INTERACTION_TIMEOUT_MS = 20_000;
/** How fast the shopper types in the search box: a quick typist. */
const KEY_DELAY_MS = 60;

/** What the shopper uses, found as the server renders it. */
const SEARCH_INPUT = '.site-header__search input[name="q"]';
const ADD_TO_CART_BUTTON = 'form.buy-form button[type="submit"]';
const CART_COUNT = '.cart-counter[data-count]';

export async function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

const isScript = (response) =>
  response.status() < 300 &&
  (response.request().resourceType() === 'script' ||
    /(java|ecma)script/.test(response.headers()['content-type'] ?? ''));

/** Every script `page` downloads from now on, with its gzip -9 size; `take()` hands over those so far. */
function scriptCollector(page) {
  const pending = [];
  page.on('response', (response) => {
    if (!isScript(response)) return;
    const path = new URL(response.url()).pathname;
    pending.push(
      response.body().then(
        (body) => ({ path, gzip: gzipSync(body, { level: 9 }).length }),
        () => ({ path, gzip: NaN }),
      ),
    );
  });
  return { take: () => Promise.all(pending.splice(0)) };
}

/** Code in the page's own <script> elements (not JSON data), gzip -9 together: it comes with the HTML. */
async function inlineScriptGzip(page) {
  const code = await page.evaluate(() =>
    [...document.scripts]
      .filter((script) => !script.src && /^(|module|text\/javascript|application\/javascript)$/i.test(script.type))
      .map((script) => script.textContent ?? '')
      .join('\n'),
  );
  return code.trim() ? gzipSync(Buffer.from(code), { level: 9 }).length : 0;
}

/**
 * Runs in every document of a measuring context: marks (wall-clock ms, in sessionStorage so a plain form
 * post's next page keeps them) the first trusted key press and click, the last key press, and the frame
 * after the cart count first shows `bench:want-count`.
 */
function installMarks(cartCount) {
  const wallClock = (relative) => performance.timeOrigin + relative;
  const mark = (key, value, once = true) => {
    try {
      if (!once || sessionStorage.getItem(key) === null) sessionStorage.setItem(key, String(value));
    } catch {
      // no storage: the bench reports no figure
    }
  };
  addEventListener(
    'keydown',
    (event) => {
      if (!event.isTrusted) return;
      mark('bench:keydown', wallClock(event.timeStamp));
      mark('bench:lastkeydown', wallClock(event.timeStamp), false);
    },
    { capture: true },
  );
  addEventListener('click', (event) => event.isTrusted && mark('bench:click', wallClock(event.timeStamp)), {
    capture: true,
  });
  const observer = new MutationObserver(() => {
    const want = sessionStorage.getItem('bench:want-count');
    if (want === null) return;
    for (const element of document.querySelectorAll(cartCount)) {
      if (element.getAttribute('data-count') !== want) continue;
      observer.disconnect();
      requestAnimationFrame(() => mark('bench:counted', wallClock(performance.now())));
      return;
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-count'] });
  // The cart's answer: the badge counts an add as it is clicked (optimistic), the cart confirms it later.
  addEventListener('ralph:cart-added', () => mark('bench:confirmed', wallClock(performance.now())));
}

/** A mark of installMarks, waiting for it across navigations; null after `timeoutMs`. */
async function markOf(page, key, timeoutMs = INTERACTION_TIMEOUT_MS) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const value = await page.evaluate((name) => sessionStorage.getItem(name), key);
      if (value !== null) return Number(value);
    } catch {
      // the page is between documents
    }
    await page.waitForTimeout(25);
  }
  return null;
}

const isSuggestionRequest = (request) =>
  new URL(request.url()).pathname === '/graphql' &&
  `${request.url()} ${request.postData() ?? ''}`.includes('searchText');

/**
 * The header's search box: click into it, type `term`. Ends when the suggestion request is sent; the times
 * from the first and from the last key press to it.
 */
async function searchInteraction(page, term) {
  const sent = page.waitForRequest(isSuggestionRequest, { timeout: INTERACTION_TIMEOUT_MS });
  sent.catch(() => undefined);
  const input = page.locator(SEARCH_INPUT).first();
  await input.click();
  await page.keyboard.type(term, { delay: KEY_DELAY_MS });
  const request = await sent.catch(() => null);
  // A request's timing is filled in when its answer arrives.
  if (!request || !(await request.response().catch(() => null))) return { ms: null };
  const first = await markOf(page, 'bench:keydown', 1000);
  const last = await markOf(page, 'bench:lastkeydown', 1000);
  if (first === null) return { ms: null };
  const at = request.timing().startTime;
  return { ms: at - first, fromLastKeyMs: at - last };
}

/** The product page's add-to-cart button: pointer over it, click. Ends when the header's count shows one more. */
async function addToCartInteraction(page) {
  const count = Number(await page.locator(CART_COUNT).first().getAttribute('data-count'));
  await page.evaluate((want) => sessionStorage.setItem('bench:want-count', want), String(count + 1));
  let navigations = 0;
  const onNavigation = (frame) => frame === page.mainFrame() && navigations++;
  page.on('framenavigated', onNavigation);
  const button = page.locator(ADD_TO_CART_BUTTON).first();
  await button.hover();
  await button.click();
  const counted = await markOf(page, 'bench:counted');
  const clicked = await markOf(page, 'bench:click', 1000);
  const confirmed = await markOf(page, 'bench:confirmed', 3000);
  page.off('framenavigated', onNavigation);
  if (counted === null || clicked === null) return { ms: null };
  return {
    ms: counted - clicked,
    confirmedMs: confirmed === null ? null : confirmed - clicked,
    plainPost: navigations > 0,
  };
}

export const INTERACTIONS = {
  search: { run: searchInteraction, describe: 'click into the header search box, type' },
  addToCart: { run: addToCartInteraction, describe: 'pointer over add to cart, click' },
};

/**
 * The JavaScript of `url` before interaction (scripts downloaded from navigation until LEFT_ALONE_MS after
 * load, and the page's inline code), then, when `interaction` is given ({ run, arg }), the scripts the
 * first interaction loads. No CPU slowdown: sizes do not depend on it.
 */
export async function pageJavaScript(browser, url, interaction) {
  const context = await browser.newContext();
  try {
    await context.addInitScript(installMarks, CART_COUNT);
    const page = await context.newPage();
    const scripts = scriptCollector(page);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(LEFT_ALONE_MS);
    const files = await scripts.take();
    const inline = await inlineScriptGzip(page);
    const atLoad = { files, inline, gzip: inline + files.reduce((sum, file) => sum + file.gzip, 0) };
    if (!interaction) return { atLoad };
    const outcome = await interaction.run(page, interaction.arg);
    await page.waitForTimeout(SETTLE_MS);
    const loaded = await scripts.take();
    return {
      atLoad,
      onInteraction: {
        files: loaded,
        gzip: loaded.reduce((sum, file) => sum + file.gzip, 0),
        worked: outcome.ms !== null,
      },
    };
  } finally {
    await context.close();
  }
}

/**
 * The first interaction on a freshly loaded `url` (a new context: nothing cached, nothing loaded ahead)
 * with the CPU slowed down CPU_SLOWDOWN×, from load plus a second's pause; the median of INTERACTION_RUNS.
 */
export async function firstInteractionLatency(browser, url, interaction) {
  const runs = [];
  for (let i = 0; i < INTERACTION_RUNS; i++) {
    const context = await browser.newContext();
    try {
      await context.addInitScript(installMarks, CART_COUNT);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForTimeout(1000);
      runs.push(await interaction.run(page, interaction.arg));
    } finally {
      await context.close();
    }
  }
  const done = runs.filter((run) => run.ms !== null).sort((a, b) => a.ms - b.ms);
  // A run that never finished counts as the slowest.
  const median = done.length > INTERACTION_RUNS / 2 ? done[Math.floor(INTERACTION_RUNS / 2)] : null;
  return {
    ...(median ?? { ms: null }),
    runs: runs.map((run) => run.ms),
    confirmedRuns: runs.map((run) => run.confirmedMs ?? null),
  };
}

/**
 * Issue 28's live figures. A product page open in Chromium, and `extraSockets` more subscriptions to the same
 * product's room opened as bare graphql-ws sockets from another page (a crowd watching one product): how many
 * connections the room holds (`stats`, read through the bench's own route), and, `changes` times, the time
 * from the merchant's stock write (`setStock`, the API's answer awaited) until the open page has rendered the
 * change (its live element takes the new state once its live parts are renewed). Median and worst.
 */
export async function liveFigures(browser, { base, productPath, productId, setStock, stockValues, extraSockets }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(base + productPath, { waitUntil: 'load' });
    const live = page.locator('[data-live-kind="product"]');
    await live.and(page.locator('[data-live-open]')).waitFor({ state: 'attached', timeout: 15_000 });
    const crowd = await context.newPage();
    await crowd.goto(`${base}/api/health`);
    await crowd.evaluate(
      async ({ url, productId, count }) => {
        const query = `subscription($p: Int!) { productChanged(productId: $p) { totalStock { inStock } } }`;
        globalThis.liveCrowd = await Promise.all(
          Array.from(
            { length: count },
            () =>
              new Promise((resolve, reject) => {
                const socket = new globalThis.WebSocket(url, 'graphql-transport-ws');
                socket.onopen = () => socket.send(JSON.stringify({ type: 'connection_init' }));
                socket.onerror = reject;
                socket.onmessage = (event) => {
                  const message = JSON.parse(event.data);
                  if (message.type === 'connection_ack')
                    socket.send(
                      JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables: { p: productId } } }),
                    );
                  if (message.type === 'next') resolve(socket);
                };
              }),
          ),
        );
      },
      { url: `${base.replace(/^http/, 'ws')}/graphql/live/product/${productId}`, productId, count: extraSockets },
    );
    const held = await (await fetch(`${base}/__bench/live/product/${productId}`)).json();
    const times = [];
    for (const units of stockValues) {
      const before = await live.getAttribute('data-live-state');
      const started = performance.now();
      await setStock(units);
      await page.waitForFunction(
        ({ state }) => document.querySelector('[data-live-kind="product"]')?.getAttribute('data-live-state') !== state,
        { state: before },
        { timeout: 10_000, polling: 'raf' },
      );
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { held, medianMs: times[Math.floor(times.length / 2)], worstMs: times.at(-1), changes: times.length };
  } finally {
    await context.close();
  }
}
