/**
 * What JavaScript adds to a product list's filter form, which works without it (loaded with the list
 * page by client/browser/entry.tsx, no React: it renders nothing and acts as the page opens):
 * - a ticked box or a new sort submits the form at once (the apply button stays for the price fields);
 *   after the reload, focus returns to the same control and an opened filter panel stays open;
 * - from laptops up the filter panel is open (CSS already shows it there);
 * - the list selection is kept when the shopper leaves and comes back (spec §2 "On leaving a path the list
 *   query selection is saved (page not reset)"): each list path's query is remembered for the tab's
 *   session, and arriving at the bare path from elsewhere (a menu, a breadcrumb) goes back to it. Arriving
 *   from the same list (its "clear all" link) or by reload does not.
 */

/** The element carrying the list's path (without query), the key its selection is remembered under. */
export const LIST_CONTROLS_SELECTOR = '[data-list-path][data-list-form]';

const SELECTION_KEY = 'ralph-list-selection:';
const FOCUS_KEY = 'ralph-list-focus';
/** The layout with the filter panel beside the list (client/styles/list.css, the laptop breakpoint). */
const WIDE_LAYOUT = '(min-width: 1024px)';

interface FocusMemory {
  path: string;
  name: string;
  value: string;
  panelOpen: boolean;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: the form still works, nothing is remembered
  }
}

/** Reloads the remembered selection when the shopper came to the bare list from elsewhere; true when it does. */
function restoreSelection(path: string): boolean {
  const saved = storage()?.getItem(SELECTION_KEY + path);
  if (!saved || location.search) return false;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation?.type === 'reload') return false;
  let fromSameList: boolean;
  try {
    fromSameList = document.referrer !== '' && new URL(document.referrer).pathname === location.pathname;
  } catch {
    fromSameList = false;
  }
  if (fromSameList) return false;
  location.replace(location.pathname + saved);
  return true;
}

function rememberFocus(form: HTMLFormElement, control: HTMLInputElement | HTMLSelectElement, path: string): void {
  const panel = form.closest('details');
  const memory: FocusMemory = { path, name: control.name, value: control.value, panelOpen: panel?.open ?? false };
  storage()?.setItem(FOCUS_KEY, JSON.stringify(memory));
}

/** After an automatic submit: the same control gets focus again, in an open panel. */
function restoreFocus(form: HTMLFormElement, path: string): void {
  const raw = storage()?.getItem(FOCUS_KEY);
  if (!raw) return;
  storage()?.removeItem(FOCUS_KEY);
  const memory = JSON.parse(raw) as FocusMemory;
  if (memory.path !== path) return;
  const panel = form.closest('details');
  if (panel && memory.panelOpen) panel.open = true;
  const candidates = Array.from(document.querySelectorAll(`[name="${CSS.escape(memory.name)}"]`));
  const control = candidates.find(
    (element) =>
      element instanceof HTMLSelectElement || (element instanceof HTMLInputElement && element.value === memory.value),
  );
  if (!(control instanceof HTMLElement)) return;
  control.closest('details')?.setAttribute('open', '');
  control.focus();
}

/** Starts the list's controls for `root` (the list page's element carrying the path and form id). */
export function startListControls(root: HTMLElement): void {
  const path = root.dataset.listPath ?? location.pathname;
  const formId = root.dataset.listForm ?? '';
  if (restoreSelection(path)) return;
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return;
  const remember = () => storage()?.setItem(SELECTION_KEY + path, location.search);
  remember();
  restoreFocus(form, path);
  // Beside the list (laptops up) the panel is always open: CSS shows it before this runs, and this makes
  // the element's state say so too (for assistive technology and the keyboard).
  const panel = form.closest('details');
  const wide = window.matchMedia(WIDE_LAYOUT);
  const openWhenWide = () => {
    if (panel && wide.matches) panel.open = true;
  };
  openWhenWide();
  wide.addEventListener('change', openWhenWide);
  document.documentElement.dataset.listEnhanced = '';
  const submitOnChange = (event: Event) => {
    const control = event.target;
    const automatic =
      (control instanceof HTMLInputElement && control.type === 'checkbox') || control instanceof HTMLSelectElement;
    if (!automatic || control.form !== form) return;
    rememberFocus(form, control, path);
    form.requestSubmit();
  };
  // The sort select is outside the form element (form="…"), so listen on the document.
  document.addEventListener('change', submitOnChange);
  // A box ticked or a sort chosen before this ran (a fast shopper on a slow connection) applies now, as it
  // would have then. The sort select belongs to the form through its form attribute, so it is in `elements`.
  let changedEarly: HTMLInputElement | HTMLSelectElement | undefined;
  for (const element of Array.from(form.elements)) {
    const ticked =
      element instanceof HTMLInputElement && element.type === 'checkbox' && element.checked !== element.defaultChecked;
    const sorted =
      element instanceof HTMLSelectElement &&
      Array.from(element.options).some((option) => option.selected !== option.defaultSelected);
    if (ticked || sorted) {
      changedEarly = element;
      break;
    }
  }
  if (changedEarly) {
    rememberFocus(form, changedEarly, path);
    form.requestSubmit();
  }
  window.addEventListener('pagehide', remember);
}
