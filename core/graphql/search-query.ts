/**
 * The search box's suggestions query as text: the island posts it with fetch, so the page's first script
 * carries no GraphQL parser or client. Its result type comes from the typed document built from this same
 * text (core/graphql/search.ts), imported by the island as a type only.
 */
export const SEARCH_SUGGESTIONS_QUERY = /* GraphQL */ `
  query searchSuggestions($searchText: String, $take: Int, $channelId: String, $languageId: String, $marketId: String) {
    products(
      filter: { searchText: $searchText, sort: RELEVANCE }
      take: $take
      channelId: $channelId
      languageId: $languageId
      marketId: $marketId
    ) {
      products {
        alias
        name
        brand {
          name
        }
        productImages {
          fileName
        }
        unitPrice {
          sellingPriceIncVatFormatted
          sellingPriceExVatFormatted
        }
      }
    }
  }
`;
