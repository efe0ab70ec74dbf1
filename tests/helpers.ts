import { print, type DocumentNode } from 'graphql';
import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';

/** A request to the worker as deployed (its default export), with real bindings. */
export function fetchWorker(path: string, init?: RequestInit): Promise<Response> {
  return (exports as unknown as { default: Fetcher }).default.fetch(new Request(`http://127.0.0.1${path}`, init));
}

/** POSTs a GraphQL operation (text, or a parsed document as the shop's code keeps them) to /graphql. */
export async function graphql<T = Record<string, any>>(
  query: string | DocumentNode,
  variables: Record<string, unknown> = {},
): Promise<{ status: number; data?: T; errors?: { message: string }[] }> {
  const response = await fetchWorker('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: typeof query === 'string' ? query : print(query), variables }),
  });
  return { status: response.status, ...((await response.json()) as object) };
}

export { env };
