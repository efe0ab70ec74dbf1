/**
 * The only script a page loads, and a small one (issue 15: at most 15 KB gzip before the shopper
 * interacts): the analytics data layer, the header's small behaviours, the tabs kept in step, and the
 * islands' waking on intent (client/browser/islands.ts). React, the islands and the scripts that send
 * forms without a page load come when the shopper reaches for them.
 */
import { INTENT_EVENTS, startIslands, wakeIsland } from './islands';
import { CART_ADDED_EVENT } from '../store/cart-notice';
import { followCartCount } from './cart-count';
import {
  fetchSuggestionsAhead,
  MIN_SEARCH_LENGTH,
  SUGGEST_DELAY_MS,
  type SuggestionProps,
} from '../islands/search-suggestions';
import { startAnalytics } from './analytics';
import { startLoadingBar } from './loading-bar';
import { startPageChrome } from './page-chrome';
import { publish, subscribe } from '../store/channel';
import { readShopScope, SHOP_SCOPE_ELEMENT_ID } from '../store/scope';
import { syncTabs } from '../store/tab-sync';
import { REFRESH_AT_KEY } from './auth-keys';
import type { SubmitHandler } from './submit-handler';

/**
 * Loads the script that sends some forms without a page load when the shopper first points at, touches or
 * tabs into one (`intent`: the forms, or the buttons that post through another form), not with the page: a
 * list has 48 such buttons that most visits never use. The submissions it `handles` (by the form, or by the
 * action its pressed button sends it to) go to the script's handler; one made while the script is still on
 * the way waits for it and is then sent by it; if the script cannot load, the form posts as the plain HTML
 * form it is, which works the same. A script that returns no handler listens for itself once loaded.
 */
function enhanceOnIntent(
  intent: string,
  handles: (form: HTMLFormElement, action: string) => boolean,
  load: () => Promise<SubmitHandler | void>,
): void {
  let loading: Promise<void> | null = null;
  let ready = false;
  let handler: SubmitHandler | void;
  const start = () => {
    loading ??= load().then((loaded) => {
      handler = loaded;
      ready = true;
    });
    return loading;
  };
  const onIntent = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(intent)) void start().catch(() => undefined);
  };
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (passingOn || !(form instanceof HTMLFormElement)) return;
      // What the submission does: the pressed button's formaction (a card's), else the form's action.
      const pressed = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
      if (!handles(form, pressed?.getAttribute('formaction') ?? form.getAttribute('action') ?? '')) return;
      const plainly = () => sendPlainly(form, pressed);
      if (ready) return handler?.(event, form, pressed, plainly);
      event.preventDefault();
      start().then(() => form.requestSubmit(pressed), plainly);
    },
    { capture: true },
  );
}

/** True while a form is handed back to the browser (sendPlainly): no script stops it again. */
let passingOn = false;

/** Posts `form` the plain way, as if `pressed` had been pressed without scripts (its name and formaction go). */
function sendPlainly(form: HTMLFormElement, pressed: HTMLButtonElement | null): void {
  passingOn = true;
  try {
    form.requestSubmit(pressed);
  } finally {
    passingOn = false;
  }
}

/**
 * Runs `work` in a task of its own, after this one. The module's first run is one task, after the page's
 * first paint: what can wait a moment comes in tasks of their own so that none holds the page long (issue
 * 15: total blocking time ≤ 50 ms at a phone's speed). Storage and BroadcastChannel are synchronous calls into
 * the browser, about 5 ms each on a page's first use at full speed: the data layer's session note, the tabs'
 * channel and the list's remembered selection wait; what catches the shopper's first input does not.
 */
function soon(work: () => void): void {
  setTimeout(work, 0);
}

startIslands();
// The service worker (issue 28): registered once the page has loaded and the browser is idle, and told this
// page's build (so an earlier build's chunks stay while it is open) and whether a customer is logged in (a
// logout forgets the copies that were theirs). client/sw/sw.ts.
if ('serviceWorker' in navigator)
  addEventListener(
    'load',
    () =>
      (window.requestIdleCallback ?? setTimeout)(() =>
        navigator.serviceWorker
          .register('/sw.js')
          .then(() => navigator.serviceWorker.ready)
          .then((registration) =>
            registration.active?.postMessage({ build: import.meta.url, loggedIn: readShopScope().loggedIn }),
          )
          .catch(() => undefined),
      ),
    { once: true },
  );
// The page's live parts (issue 28: stock, a cart, an order's status), once the page has loaded and while it
// is seen: the socket's script is not part of the page's first work (client/browser/live.ts).
const liveElement = document.querySelector<HTMLElement>('[data-live-kind]');
if (liveElement) {
  const startLive = () => void import('./live').then((live) => live.startLive(liveElement)).catch(() => undefined);
  const whenSeen = () => {
    if (document.visibilityState === 'visible') return startLive();
    document.addEventListener('visibilitychange', function seen() {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', seen);
      startLive();
    });
  };
  if (document.readyState === 'complete') whenSeen();
  else addEventListener('load', whenSeen, { once: true });
}
// A product list's filter form: submitted on change, its selection remembered (client/browser/list-controls.ts).
const list = document.querySelector<HTMLElement>('[data-list-path][data-list-form]');
if (list) soon(() => void import('./list-controls').then((module) => module.startListControls(list)));
// The header's cart count follows the cart before its island wakes (client/browser/cart-count.ts).
soon(followCartCount);
// Text typed into the search box before its island woke: the suggestions are asked for at once, and the
// island, woken only now (islands.ts: wake "typing"), takes the answer up when it is there
// (client/islands/search-suggestions.ts). As in the island, while the shopper keeps typing the next request
// waits: the island, awake by then, asks for the text they stopped at.
let suggestionsAskedAt = -Infinity;
document.addEventListener('input', (event) => {
  const field = event.target;
  if (!(field instanceof HTMLInputElement) || field.name !== 'q') return;
  const island = field.closest<HTMLElement>('[data-island="SearchBox"]');
  const text = field.value.trim();
  if (!island || island.hasAttribute('data-hydrated') || text.length < MIN_SEARCH_LENGTH) return;
  if (event.timeStamp - suggestionsAskedAt >= SUGGEST_DELAY_MS) {
    suggestionsAskedAt = event.timeStamp;
    try {
      fetchSuggestionsAhead(text, JSON.parse(island.nextElementSibling?.textContent || '') as SuggestionProps);
    } catch {
      // Props that do not parse: the island asks itself once it wakes.
    }
  }
  void wakeIsland(island).catch(() => undefined);
});
// Something added in this tab: the mini cart wakes to show its 'added' notice (client/store/cart-notice.ts),
// after the new count has been painted (React's first load must not hold that frame back).
window.addEventListener(CART_ADDED_EVENT, () => {
  const cart = document.querySelector<HTMLElement>('[data-island="CartCounter"]');
  if (cart) requestAnimationFrame(() => setTimeout(() => void wakeIsland(cart).catch(() => undefined), 0));
});

// The page's chrome: navigation loading bar, dropdown dismissal and header hiding, analytics data layer.
startLoadingBar();
startPageChrome();
soon(() => {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startAnalytics);
  else startAnalytics();
});
// The cookie banner's choices without a reload (client/browser/consent.ts); the banner is there only
// when a tag manager is configured and nothing was chosen yet.
if (document.querySelector('[data-consent-banner]')) void import('./consent').then((m) => m.enhanceConsentForms());
// Favorite toggles and add to cart without page loads (client/browser/favorite-toggle.ts,
// client/store/add-to-cart-forms.ts), fetched when the shopper first reaches for such a form or card button.
// The actions are written out: core/form-actions.ts's table, shared with the scripts loaded here, would be a
// chunk of its own before interaction.
enhanceOnIntent(
  'form[action="/api/favorites/toggle"], button[formaction="/api/favorites/toggle"]',
  (_form, action) => action === '/api/favorites/toggle',
  () => import('./favorite-toggle').then((module) => module.enhanceFavoriteToggles()),
);
// The cart store (with the GraphQL client) starts loading at the same time, not after: the click follows
// at once, and the forms' script (small) counts the add on the badge while the store is still on its way.
enhanceOnIntent(
  'form[action="/api/cart/add"], button.card-buy[form]',
  (_form, action) => action === '/api/cart/add',
  () => {
    void import('../store/cart-store').catch(() => undefined);
    return import('../store/add-to-cart-forms').then((module) => module.enhanceAddToCartForms());
  },
);
// Market, checkout market and login shared between tabs (spec §4; client/store/tab-sync.ts).
if (document.getElementById(SHOP_SCOPE_ELEMENT_ID)) soon(followTabs);

function followTabs(): void {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage blocked: changes are not announced, but this tab still follows the others.
  }
  syncTabs(
    readShopScope(),
    { publish, subscribe },
    storage,
    () => location.reload(),
    (loggedIn, type) => import('./login-state').then((module) => module.showLoginState(loggedIn, type)),
  );
  // Spec §9: the login token is refreshed at 90 % of its life while the page is open (and a schedule left
  // from a session that ended elsewhere is cleared). Loaded only where there is something to do.
  const { loggedIn, authRefreshAt } = readShopScope();
  let scheduled: string | null = null;
  try {
    scheduled = storage?.getItem(REFRESH_AT_KEY) ?? null;
  } catch {
    // Storage blocked: nothing was scheduled in it.
  }
  if (loggedIn || scheduled !== null)
    void import('./auth-refresh').then((module) => module.startTokenRefresh(loggedIn, authRefreshAt));
}
// The account forms (issue 13): checked, hashed and sent through the auth endpoint by
// client/browser/account-forms.ts, fetched when the shopper first reaches for one; the header's account
// link opens the login panel.
const startPasskeyButtons = () => void import('./login-state').then((module) => module.startPasskeyButtons());
// A guest's account link opens the header's login panel (the account page without JavaScript or popovers).
document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-login-trigger]');
  const panel = link && document.getElementById(link.dataset.loginTrigger ?? '');
  if (!panel || typeof panel.showPopover !== 'function') return;
  event.preventDefault();
  panel.showPopover();
  panel.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
  startPasskeyButtons();
});
// The account pages' passkey buttons show where passkeys can work.
if (document.querySelector('main [data-passkey-login], [data-passkey-add]')) startPasskeyButtons();
enhanceOnIntent(
  'form[data-auth-form]',
  (form) => form.matches('form[data-auth-form]'),
  () => import('./account-forms').then((module) => module.enhanceAccountForms()),
);
