/**
 * The header search box (issue 5 "Search"). On the server and without JavaScript it is a plain GET form
 * to /api/search (field `q`), which redirects to the localized results page. Hydrated, the field becomes
 * an ARIA 1.2 combobox with a listbox of product suggestions, fetched from /graphql as the shopper types
 * (debounced, the previous request aborted): arrow keys move through the suggestions, Enter opens one,
 * Escape closes the list (or clears the field when it is closed). The last option submits the form.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { pluralCategory } from '../../locales/plural';
import { fetchSuggestions, MIN_SEARCH_LENGTH, SUGGEST_DELAY_MS, type Suggestion } from './search-suggestions';

export { MIN_SEARCH_LENGTH, SUGGEST_DELAY_MS, SUGGESTION_COUNT, type Suggestion } from './search-suggestions';

export interface SearchBoxProps {
  /** Prefix of the element ids (the island hydrates as its own root, so React's useId would differ). */
  id: string;
  /** The form's GET action, e.g. '/api/search' (worker/routes/api/search-redirect.ts). */
  action: string;
  /** Sent with the form: the results page's language, and the page an empty search returns to. */
  locale: string;
  redirect: string;
  /** A product page's path with an `{alias}` placeholder, in the page's locale, e.g. '/en/p/{alias}'. */
  productPath: string;
  /** The API scope of the page (spec §7: every operation gets channelId, marketId, languageId). */
  scope: { channelId: string; marketId: string; languageId: string };
  pricesIncludeVat: boolean;
  localeIso: string;
  /** Texts; `showAll` has a {{term}} placeholder, `other` a {{count}} placeholder. */
  labels: {
    label: string;
    placeholder: string;
    submit: string;
    suggestions: string;
    showAll: string;
    zero: string;
    one: string;
    other: string;
    failed: string;
    tryAgain: string;
  };
}

function countText(labels: SearchBoxProps['labels'], localeIso: string, count: number): string {
  if (count === 0) return labels.zero;
  if (pluralCategory(localeIso, count) === 'one') return labels.one;
  return labels.other.replace('{{count}}', String(count));
}

export default function SearchBox(props: SearchBoxProps) {
  const { labels } = props;
  const { id } = props;
  const listId = `${id}-list`;
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // 'Försök igen' after a failed request asks again for the same text.
  const [attempt, setAttempt] = useState(0);
  const lastRequest = useRef(0);

  const text = term.trim();
  const searchable = text.length >= MIN_SEARCH_LENGTH;

  useEffect(() => {
    if (!searchable) {
      setSuggestions(null);
      setFailed(false);
      return;
    }
    const controller = new AbortController();
    // The first request of a burst of typing goes at once (issue 15: a suggestion request within 200 ms
    // of the keypress); while the shopper keeps typing, one waits for a pause.
    const now = Date.now();
    const delay = now - lastRequest.current < SUGGEST_DELAY_MS ? SUGGEST_DELAY_MS : 0;
    const timer = setTimeout(() => {
      lastRequest.current = Date.now();
      fetchSuggestions(text, props, controller.signal).then(
        (found) => {
          // An answer for text typed over since (its request was aborted after the answer had come)
          // would show the old text's suggestions and undo the option the arrow keys chose.
          if (controller.signal.aborted) return;
          setSuggestions(found);
          setFailed(false);
          setActive(-1);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // Spec §8: logged in the client's words; the shopper sees the notice with 'Försök igen'.
          console.error('search suggestions failed:', error instanceof Error ? error.message : error);
          setSuggestions(null);
          setFailed(true);
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // props are the island's fixed server props; only the text starts a new request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, searchable, attempt]);

  // The options: the suggestions, then "show all results" (the form's own search).
  const items = searchable && suggestions ? suggestions : [];
  const optionCount = searchable && suggestions ? items.length + 1 : 0;
  const expanded = open && optionCount > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  function productHref(alias: string): string {
    return props.productPath.replace('{alias}', encodeURIComponent(alias));
  }

  function choose(index: number): void {
    const chosen = items[index];
    if (chosen) window.location.assign(productHref(chosen.alias));
    else form.current?.requestSubmit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (optionCount === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the field, down goes to the first option and up to the last; both wrap around.
      setActive((current) =>
        current < 0 ? (step > 0 ? 0 : optionCount - 1) : (current + step + optionCount) % optionCount,
      );
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (term) {
        event.preventDefault();
        setTerm('');
      }
    }
  }

  return (
    <form ref={form} className="search-box" role="search" method="get" action={props.action}>
      <input type="hidden" name="locale" value={props.locale} />
      <input type="hidden" name="redirect" value={props.redirect} />
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        {labels.label}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        className="search-box__input"
        type="search"
        name="q"
        value={term}
        placeholder={labels.placeholder}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
      />
      <button className="search-box__submit" type="submit">
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5L20 20" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{labels.submit}</span>
      </button>
      <ul id={listId} className="search-box__list" role="listbox" aria-label={labels.suggestions} hidden={!expanded}>
        {items.map((item, index) => (
          <li
            key={item.alias}
            id={optionId(index)}
            className="search-box__option"
            role="option"
            aria-selected={index === active}
            // Keep the focus in the field so the list does not close before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
          >
            {item.image ? (
              <img className="search-box__image" src={`/images/products/${item.image}`} alt="" width={44} height={44} />
            ) : (
              <span className="search-box__image" />
            )}
            <span className="search-box__text">
              <span className="search-box__name">{item.name}</span>
              {item.brand && <span className="search-box__brand">{item.brand}</span>}
            </span>
            {item.price && <span className="search-box__price">{item.price}</span>}
          </li>
        ))}
        {expanded && (
          <li
            id={optionId(items.length)}
            className="search-box__option search-box__option--all"
            role="option"
            aria-selected={active === items.length}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(items.length)}
          >
            {labels.showAll.replace('{{term}}', text)}
          </li>
        )}
      </ul>
      {failed && searchable && (
        <p className="search-box__failed" role="alert">
          {labels.failed}{' '}
          <button
            type="button"
            className="retry-link"
            // Keep the focus in the field (as the options do), so the list can open with the answer.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setFailed(false);
              setOpen(true);
              setAttempt((count) => count + 1);
            }}
          >
            {labels.tryAgain}
          </button>
        </p>
      )}
      <p className="visually-hidden" role="status">
        {searchable && open && !failed && suggestions ? countText(labels, props.localeIso, items.length) : ''}
      </p>
    </form>
  );
}
