/**
 * Small improvements of the header that need a script; without it everything still works.
 * - Disclosures marked `data-dismissable` (the menu's groups, the market picker) close on Escape, giving
 *   the focus back to their summary, and on a click outside them, as a shopper expects of a dropdown.
 * - The header hides while the shopper scrolls down past it and comes back on scrolling up (spec §4
 *   "Header hides when scrolling down past the main layout top padding"). It stays while the focus or an
 *   open dropdown is in it, and CSS shows it whenever something in it has the focus.
 * - A link to a field inside a closed disclosure marked `data-opens-on-fragment` (the login panel's
 *   "Forgot password?" to `/account#forgot`) opens it and focuses the field, on arrival and when the
 *   fragment changes. Browsers that follow HTML's "scroll to the fragment" (ancestor details revealing,
 *   then the focusing steps) do this themselves, without JavaScript too; this is for those that do not.
 */

/** Scrolling less than this many pixels changes nothing (a trembling finger). */
const SCROLL_SLACK_PX = 8;

function openDisclosures(): HTMLDetailsElement[] {
  return [...document.querySelectorAll<HTMLDetailsElement>('details[data-dismissable][open]')];
}

function closeDisclosuresOnEscapeAndOutsideClick(): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const details of openDisclosures()) {
      if (!details.contains(document.activeElement) && details !== document.activeElement) continue;
      details.open = false;
      details.querySelector('summary')?.focus();
      event.preventDefault();
    }
  });
  document.addEventListener('click', (event) => {
    const target = event.target as Node;
    for (const details of openDisclosures()) if (!details.contains(target)) details.open = false;
  });
}

/** Whether the header should hide after the page scrolled from `previous` to `current` pixels. */
export function headerHidden(previous: number, current: number, headerHeight: number, hiddenNow: boolean): boolean {
  if (Math.abs(current - previous) < SCROLL_SLACK_PX) return hiddenNow;
  if (current <= headerHeight) return false;
  return current > previous;
}

function hideHeaderWhenScrollingDown(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  // Read in the first frame, not as the script starts: reading the scroll position makes the browser lay
  // the page out at once, inside the script's first task.
  let previous = 0;
  requestAnimationFrame(() => (previous = scrollY));
  let scheduled = false;
  addEventListener(
    'scroll',
    () => {
      if (scheduled) return;
      scheduled = true;
      requestAnimationFrame(() => {
        scheduled = false;
        const current = scrollY;
        const busy = header.contains(document.activeElement) || header.querySelector('details[open]') !== null;
        const hidden = busy
          ? false
          : headerHidden(previous, current, header.offsetHeight, header.dataset.hidden === 'true');
        if (Math.abs(current - previous) >= SCROLL_SLACK_PX) previous = current;
        header.dataset.hidden = String(hidden);
      });
    },
    { passive: true },
  );
}

/** The element the URL's fragment names, or null (none, or a fragment that does not decode). */
function fragmentTarget(): HTMLElement | null {
  try {
    return location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  } catch {
    return null;
  }
}

function openDisclosureOfFragment(): void {
  const reveal = () => {
    const target = fragmentTarget();
    const details = target?.closest<HTMLDetailsElement>('details[data-opens-on-fragment]');
    if (!target || !details) return;
    details.open = true;
    target.focus();
  };
  // The page script may run while a streamed page is still arriving: the disclosure may come later.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', reveal, { once: true });
  else reveal();
  addEventListener('hashchange', reveal);
}

/** Starts these behaviours; call once. */
export function startPageChrome(): void {
  closeDisclosuresOnEscapeAndOutsideClick();
  hideHeaderWhenScrollingDown();
  openDisclosureOfFragment();
}
