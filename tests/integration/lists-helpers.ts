// Shared by the lists tests: the reference storefront's operations (with #import-ed fragments resolved),
// our own list operations by name, and D1 reads for expected values.
import { env, fetchWorker } from '../helpers';

const OWN = import.meta.glob('../../worker/graphql/operations/lists.graphql', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export { referenceOperation } from '../operations';

const LISTS = Object.values(OWN)[0]!;

export interface GraphQLResult<T = any> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** Runs `query` (or the named operation of our lists.graphql when `operationName` is given). */
export async function run<T = any>(
  query: string | null,
  variables: Record<string, unknown> = {},
  operationName?: string,
): Promise<GraphQLResult<T>> {
  const response = await fetchWorker('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: query ?? LISTS, variables, operationName }),
  });
  return { status: response.status, ...((await response.json()) as object) };
}

/** Our `productFacets` operation: count, product ids and names, and every facet field. */
export const facets = (variables: Record<string, unknown>) => run(null, variables, 'productFacets');

/** Rows of a SELECT on the test D1. */
export async function rows<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
}

/** One number from a SELECT on the test D1. */
export async function scalar(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<Record<string, number>>();
  return Object.values(row ?? {})[0] ?? 0;
}

/** Active price campaigns now, as the API decides them (the window test of worker/commerce/catalog/filter.ts). */
export const ACTIVE = `c.kind = 'PRICE_CAMPAIGN' AND c.is_active = 1 AND c.starts_at <= ?1 AND (c.ends_at IS NULL OR c.ends_at > ?1)`;
export const nowIso = () => new Date().toISOString();
