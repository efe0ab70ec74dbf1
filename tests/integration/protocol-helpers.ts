// Shared by the protocol tests: a GraphQL context the test controls (clock, cache, waitUntil, config)
// and requests to handleGraphQLRequest, the handler behind both /graphql and the in-process client.
import { env } from 'cloudflare:test';
import { readConfig, type Config } from '../../worker/config';
import type { GraphQLContext } from '../../worker/graphql/context';
import { handleGraphQLRequest } from '../../worker/graphql/http';

export interface ControlledContext {
  context: GraphQLContext;
  /** Resolves when every task handed to waitUntil has finished (work after the response). */
  settled: () => Promise<unknown>;
}

/** A context over the test D1 and KV, with `waitUntil` collecting its tasks; `config` entries override. */
export function controlledContext(
  overrides: Partial<Omit<GraphQLContext, 'config'>> & { config?: Partial<Config> } = {},
): ControlledContext {
  const pending: Promise<unknown>[] = [];
  const { config, ...rest } = overrides;
  const context: GraphQLContext = {
    db: env.DB,
    now: new Date(),
    cache: env.GRAPHQL_CACHE,
    mailQueue: env.MAIL_QUEUE,
    waitUntil: (promise) => void pending.push(promise),
    ...rest,
    config: { ...readConfig(env), ...config },
  };
  return { context, settled: () => Promise.all(pending) };
}

export interface Answer {
  status: number;
  cache: string | null;
  serverTiming: string | null;
  body: { data?: Record<string, any> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  text: string;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return {
    status: response.status,
    cache: response.headers.get('X-Cache'),
    serverTiming: response.headers.get('Server-Timing'),
    body: JSON.parse(text),
    text,
  };
}

/** POSTs a GraphQL request body to the handler with `context`. */
export async function postTo(
  context: GraphQLContext,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const request = new Request('http://127.0.0.1/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return answer(await handleGraphQLRequest(request, context));
}

/** GETs a GraphQL request from the handler, its object-valued parameters as JSON. */
export async function getFrom(context: GraphQLContext, params: Record<string, unknown>): Promise<Answer> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    search.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  return answer(await handleGraphQLRequest(new Request(`http://127.0.0.1/graphql?${search}`), context));
}

/** The lowercase hex SHA-256 of a text, as an APQ client computes it. */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
