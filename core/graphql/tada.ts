/**
 * Typed GraphQL documents (issue 11 "Typed GraphQL"): `graphql()` parses a document and types its
 * result and variables from the schema the built-in API serves (core/graphql/graphql-env.d.ts, generated
 * by `npm run schema` from the same subset of the Geins schema). A field that is not in the schema, or
 * a variable of the wrong type, fails `npm run typecheck`.
 *
 * Shared selections are real fragments (`graphql(fragment, [FRAGMENT])`); masking is off, so a query's
 * result includes its fragments' fields as if written inline.
 */
import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

export const graphql = initGraphQLTada<{
  introspection: introspection;
  disableMasking: true;
  scalars: {
    DateTime: string;
    Decimal: number;
    Guid: string;
    Long: number;
  };
}>();

export type { FragmentOf, ResultOf, VariablesOf, TadaDocumentNode } from 'gql.tada';
