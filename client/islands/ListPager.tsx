/**
 * "Load more" below a product list (and "load previous" above it), spec §9: "Pagination shows 'seen X of
 * Y', load more, load previous". On the server, and without JavaScript, these are plain links to
 * `?page=N`. Once hydrated, a click fetches that page's HTML, moves its product cards into this page's grid
 * (after the last card, or before the first), takes the following page's link from it and puts the page in
 * the address bar (history.replaceState), so a reload or a shared link shows where the shopper is.
 * Keyboard focus moves to the first new product. Cards added this way announce themselves with the
 * document event `list:products-added` (detail: the new card elements) for the analytics data layer.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { pluralCategory } from '../../locales/plural';

export interface ListPagerProps {
  direction: 'next' | 'previous';
  /** The link to the next (or previous) page, or null when there is none. */
  href: string | null;
  /** The grid's element id. */
  gridId: string;
  /** Products seen up to the end of this page, and in the whole list ('next' shows "seen X of Y"). */
  seen: number;
  total: number;
  localeIso: string;
  labels: {
    action: string;
    loading: string;
    failed: string;
    /** "Du har sett {{seen}} av {{total}} produkter" by plural form of the total. */
    progress: { one: string; other: string };
  };
}

export const PRODUCTS_ADDED_EVENT = 'list:products-added';

function progressText({ labels, localeIso }: ListPagerProps, seen: number, total: number): string {
  const form = pluralCategory(localeIso, total);
  return labels.progress[form].replace('{{seen}}', String(seen)).replace('{{total}}', String(total));
}

/** The cards of page `href` and the link onward from it (same direction), read from its HTML. */
async function fetchPage(href: string, gridId: string, direction: ListPagerProps['direction']) {
  const response = await fetch(href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`page answered ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const items: HTMLElement[] = [];
  for (const item of Array.from(page.querySelectorAll(`#${gridId} > li`))) {
    const copy = document.importNode(item, true);
    if (copy instanceof HTMLElement) items.push(copy);
  }
  const onward = page.querySelector(`[data-list-pager="${direction}"] a[href]`)?.getAttribute('href') ?? null;
  return { items, onward };
}

/** True for clicks the browser should handle itself (new tab, new window, download). */
function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

export default function ListPager(props: ListPagerProps) {
  const { direction, gridId, total, labels } = props;
  const [href, setHref] = useState(props.href);
  const [seen, setSeen] = useState(props.seen);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  // Set once hydrated: from then on the link adds the page in place (before, it is a plain link).
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);

  async function load(event: MouseEvent<HTMLAnchorElement>) {
    const grid = document.getElementById(gridId);
    if (!href || !grid || isModifiedClick(event) || state === 'loading') return;
    event.preventDefault();
    setState('loading');
    try {
      const { items, onward } = await fetchPage(href, gridId, direction);
      if (direction === 'next') {
        for (const item of items) grid.appendChild(item);
        setSeen((before) => Math.min(total, before + items.length));
        history.replaceState(history.state, '', href);
      } else {
        // Keep the products the shopper is looking at where they are.
        const height = document.documentElement.scrollHeight;
        const first = grid.firstChild;
        for (const item of items) grid.insertBefore(item, first);
        window.scrollBy(0, document.documentElement.scrollHeight - height);
      }
      setHref(onward);
      setState('idle');
      items[0]?.querySelector<HTMLAnchorElement>('a[href]')?.focus();
      document.dispatchEvent(
        new CustomEvent(PRODUCTS_ADDED_EVENT, { detail: items.map((item) => item.firstElementChild) }),
      );
    } catch (error) {
      console.error('loading more products failed', error);
      setState('failed');
    }
  }

  return (
    <div
      className={`list-pager list-pager--${direction}`}
      data-list-pager={direction}
      data-enhanced={enhanced || undefined}
    >
      {direction === 'next' && total > 0 && (
        <>
          <p className="list-pager__progress" role="status">
            {progressText(props, seen, total)}
          </p>
          <progress className="list-pager__bar" value={seen} max={total} aria-hidden="true" />
        </>
      )}
      {href && (
        <a
          className="list-pager__link"
          href={href}
          rel={direction === 'next' ? 'next' : 'prev'}
          onClick={load}
          aria-busy={state === 'loading' || undefined}
        >
          {state === 'loading' ? labels.loading : labels.action}
        </a>
      )}
      {state === 'failed' && (
        <p className="list-pager__error" role="alert">
          {labels.failed}
        </p>
      )}
    </div>
  );
}
