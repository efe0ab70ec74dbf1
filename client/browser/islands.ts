/**
 * Islands on intent (issue 15): the page loads no React. An island (`[data-island]`, rendered by
 * client/views/components/Island.tsx) stays the server's plain HTML, which works on its own, until the
 * shopper reaches for it: a pointer over it, a touch, the focus or a key press in it. Then React and the
 * island's chunk load (client/browser/hydrate.tsx) and it hydrates. An island marked
 * `data-island-wake="load"` (a page's own script, such as the confirmation page's) wakes with the page.
 * One marked `data-island-wake="typing"` (the header's search box) is not woken by the pointer, the focus
 * or a key: React's first run is one long task (about 125 ms with a 4× slower CPU), and on the focus it
 * fell between the shopper's first two keys and held back the suggestion request. The page script wakes
 * it when it sends that request (client/browser/entry.tsx), so React runs while the answer is on its way;
 * a click on one of its buttons or a submit wakes it as any island's.
 *
 * The interaction that woke an island is not lost: a click on one of its controls before it has settled
 * is held and clicked again once it has (on the control itself, or on the one carrying the same
 * `data-replay` name when hydrating replaced it, like the mini cart's link becoming a button, even in the
 * middle of the press, when the browser sends no click at all); what is
 * typed, autofilled or picked meanwhile is handed to the island (client/browser/early-input.ts). When React cannot come (an error, or no answer within
 * PLAIN_AFTER_MS) the island is left as the plain HTML it is and the held click completes natively: the
 * link is followed, the form sent. When it was a chunk that could not load, the page reloads or says so
 * (client/browser/chunk-failure.ts, spec §8).
 */
import { chunkLoadError, isChunkLoadError, onChunkFailure } from './chunk-failure';

/** What shows intent toward a part of the page: a pointer over it, a touch, the focus or a key in it. */
export const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin', 'keydown'] as const;
/** A held click completes as plain HTML when the island has not settled within this time. */
export const PLAIN_AFTER_MS = 3000;
const CONTROL = 'a[href], button, input, select, textarea, summary, label, [data-replay]';

type IslandState = 'waking' | 'ready' | 'plain';
const states = new WeakMap<HTMLElement, IslandState>();
const settling = new WeakMap<HTMLElement, Promise<void>>();
/** The page is reloading because a chunk failed: held clicks are dropped, the new page takes them. */
let reloading = false;

let hydrator: Promise<typeof import('./hydrate')> | undefined;
const loadHydrator = () =>
  (hydrator ??= import('./hydrate').catch((error: unknown) => {
    // The next reach for an island asks again (a network blip), after the page's answer to this one.
    hydrator = undefined;
    throw chunkLoadError('hydrate', error);
  }));

function islandOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('[data-island]') : null;
}

/** An island woken by what is typed into it, not by the reach for it (`data-island-wake="typing"`). */
const wokenByTyping = (island: HTMLElement) => island.dataset.islandWake === 'typing';

/** A field one types into: clicking it places the caret, which needs no island. */
const isTextField = (control: Element) =>
  control instanceof HTMLTextAreaElement ||
  (control instanceof HTMLInputElement &&
    !['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'file'].includes(control.type));

/** Loads React and the island's chunk and hydrates it (once); resolves when it has settled. */
export function wakeIsland(island: HTMLElement): Promise<void> {
  let settled = settling.get(island);
  if (!settled) {
    states.set(island, 'waking');
    island.setAttribute('data-hydrating', '');
    const focused = island.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
    settled = loadHydrator()
      .then((module) => module.hydrateIsland(island))
      .then(() => {
        if (states.get(island) === 'waking') states.set(island, 'ready');
        island.setAttribute('data-hydrated', '');
        // Hydrating replaced the focused control (a link that became a button): the focus follows it.
        if (focused && !focused.isConnected && document.activeElement === document.body)
          counterpart(island, focused)?.focus();
      });
    settled.catch((error: unknown) => {
      states.set(island, 'plain');
      console.error('island failed to hydrate', error);
      // React or the island's chunk did not load: a reload (once a minute), else the error notice (spec §8).
      if (isChunkLoadError(error)) reloading = onChunkFailure();
    });
    settling.set(island, settled);
  }
  return settled;
}

/** The control that took `control`'s place in `island`, by its `data-replay` name. */
function counterpart(island: HTMLElement, control: HTMLElement): HTMLElement | null {
  const name = control.dataset.replay;
  return name ? island.querySelector<HTMLElement>(`[data-replay="${CSS.escape(name)}"]`) : null;
}

/**
 * Runs `complete` once `island` has settled ('ready'), or as plain HTML ('plain') when it failed or has
 * not settled within PLAIN_AFTER_MS; once either way.
 */
function whenSettled(island: HTMLElement, complete: () => void): void {
  let done = false;
  const finish = (state: IslandState) => {
    if (done || reloading) return;
    done = true;
    clearTimeout(timer);
    if (state === 'plain') states.set(island, 'plain');
    complete();
  };
  const timer = setTimeout(() => finish('plain'), PLAIN_AFTER_MS);
  wakeIsland(island).then(
    () => finish('ready'),
    () => finish('plain'),
  );
}

/** The island `target` is in, while it has not settled (its events are then held). */
function unsettledIsland(target: EventTarget | null): HTMLElement | null {
  const island = islandOf(target);
  const state = island && states.get(island);
  return island && state !== 'ready' && state !== 'plain' ? island : null;
}

/**
 * The last press on a control of an island that had not settled. When hydrating replaces that control
 * while the button is down (the mini cart's link becoming a button), the browser sends no click at all:
 * the press is completed on the counterpart when it is released in the island.
 */
let pressed: { island: HTMLElement; control: HTMLElement; at: number } | null = null;
/** The island whose press was completed so: a click the browser may still send it is that same press. */
let completed: HTMLElement | null = null;

function notePress(event: PointerEvent): void {
  const island = unsettledIsland(event.target);
  const control = island && event.isPrimary ? (event.target as Element).closest<HTMLElement>(CONTROL) : null;
  pressed = island && control && island.contains(control) ? { island, control, at: event.timeStamp } : null;
}

function completePress(event: PointerEvent): void {
  const press = pressed;
  pressed = null;
  const target = event.target instanceof Element ? event.target : null;
  if (!press || !target || !event.isPrimary || press.control.isConnected) return;
  // Released off the island, or long after: no click, as the browser would have it.
  if (!press.island.contains(target) || event.timeStamp - press.at > PLAIN_AFTER_MS) return;
  completed = press.island;
  setTimeout(() => (completed = null));
  whenSettled(press.island, () => counterpart(press.island, press.control)?.click());
}

/** Holds a click on a control of an island that has not settled, and gives it back when it has. */
function holdClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (event.isTrusted && completed && target && completed.contains(target) && !target.closest(CONTROL)) {
    event.preventDefault();
    event.stopPropagation();
    return;
  }
  const island = unsettledIsland(event.target);
  // A click of the page's own scripts is not the shopper's: hydrate.tsx ticks a box ticked early that way.
  if (!island || !event.isTrusted) return;
  // A new tab, a context menu or a selection: the browser's own, island or not.
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const control = (event.target as Element).closest<HTMLElement>(CONTROL);
  if (!control || !island.contains(control)) return;
  if (wokenByTyping(island) && isTextField(control)) return;
  event.preventDefault();
  event.stopPropagation();
  whenSettled(island, () => (control.isConnected ? control : counterpart(island, control))?.click());
}

/** A form of an island sent before it settled (Enter in a field): sent again once it has. */
function holdSubmit(event: SubmitEvent): void {
  const form = event.target;
  const island = form instanceof HTMLFormElement ? unsettledIsland(form) : null;
  if (!island) return;
  event.preventDefault();
  event.stopPropagation();
  const submitter =
    event.submitter instanceof HTMLButtonElement || event.submitter instanceof HTMLInputElement
      ? event.submitter
      : null;
  whenSettled(island, () => (form as HTMLFormElement).requestSubmit(submitter));
}

/** Starts the page's islands: those marked to wake with the page now, every other on intent. */
export function startIslands(): void {
  const wakeOnLoad = () => {
    for (const island of document.querySelectorAll<HTMLElement>('[data-island][data-island-wake="load"]'))
      void wakeIsland(island).catch(() => undefined);
  };
  wakeOnLoad();
  // Islands streamed in later (inside Suspense boundaries) are there when the document has loaded.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wakeOnLoad);
  const onIntent = (event: Event) => {
    const island = islandOf(event.target);
    if (island && !settling.has(island) && !wokenByTyping(island)) void wakeIsland(island).catch(() => undefined);
  };
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
  document.addEventListener('pointerdown', notePress, { capture: true, passive: true });
  document.addEventListener('pointerup', completePress, { capture: true, passive: true });
  document.addEventListener('click', holdClick, { capture: true });
  document.addEventListener('submit', holdSubmit, { capture: true });
}
