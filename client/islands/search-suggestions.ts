/**
 * The search box's suggestions as the API gives them (no React: the page script may send the first
 * request before the island wakes, issue 15). The island asks through `fetchSuggestions`; text typed
 * before it woke was already asked for by `fetchSuggestionsAhead`, whose answer it takes up.
 */
import type { ResultOf } from '../../core/graphql/tada';
import { SEARCH_SUGGESTIONS_QUERY } from '../../core/graphql/search-query';
import type { SEARCH_SUGGESTIONS } from '../../core/graphql/search';

/** What a suggestion request needs of the island's props. */
export interface SuggestionProps {
  /** The API scope of the page (spec §7: every operation gets channelId, marketId, languageId). */
  scope: { channelId: string; marketId: string; languageId: string };
  pricesIncludeVat: boolean;
}

/** A product suggestion as the listbox shows it. */
export interface Suggestion {
  alias: string;
  name: string;
  brand: string | null;
  image: string | null;
  price: string | null;
}

/** Suggestions start at this many characters, after this pause in typing. */
export const MIN_SEARCH_LENGTH = 2;
export const SUGGEST_DELAY_MS = 200;
export const SUGGESTION_COUNT = 6;

async function requestSuggestions(text: string, props: SuggestionProps, signal?: AbortSignal): Promise<Suggestion[]> {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: SEARCH_SUGGESTIONS_QUERY,
      variables: { searchText: text, take: SUGGESTION_COUNT, ...props.scope },
    }),
    signal,
  });
  if (!response.ok) throw new Error(`Response not successful: Received status code ${response.status}`);
  const body = (await response.json()) as { data?: ResultOf<typeof SEARCH_SUGGESTIONS> };
  const products = body.data?.products?.products;
  if (!products) throw new Error('Server response was missing for query');
  return products.flatMap((product) =>
    product
      ? [
          {
            alias: product.alias,
            name: product.name ?? product.alias,
            brand: product.brand?.name ?? null,
            image: product.productImages?.[0]?.fileName ?? null,
            price:
              (props.pricesIncludeVat
                ? product.unitPrice?.sellingPriceIncVatFormatted
                : product.unitPrice?.sellingPriceExVatFormatted) ?? null,
          },
        ]
      : [],
  );
}

/** The request sent before the island woke, by its text. */
let ahead: { text: string; answer: Promise<Suggestion[]> } | null = null;

/** Asks for `text`'s suggestions now, for the island to take up when it wakes. */
export function fetchSuggestionsAhead(text: string, props: SuggestionProps): void {
  if (ahead?.text === text) return;
  const answer = requestSuggestions(text, props);
  answer.catch(() => undefined);
  ahead = { text, answer };
}

/** `text`'s suggestions: the answer already on its way for it, or a new request. */
export function fetchSuggestions(text: string, props: SuggestionProps, signal: AbortSignal): Promise<Suggestion[]> {
  if (ahead?.text === text) {
    const { answer } = ahead;
    ahead = null;
    return answer;
  }
  ahead = null;
  return requestSuggestions(text, props, signal);
}
