/** The search box's suggestions query as a typed document (its text: ./search-query.ts). */
import { SEARCH_SUGGESTIONS_QUERY } from './search-query';
import { graphql } from './tada';

export const SEARCH_SUGGESTIONS = graphql(SEARCH_SUGGESTIONS_QUERY);
