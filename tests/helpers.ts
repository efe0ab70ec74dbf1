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

/**
 * `html` with the character references the shop writes for characters beyond Latin-1 read back (`&#8211;`
 * is '–', `&#8364;` is '€'), as the browser reads them: string-built markup and the kept header and footer
 * write them so (client/views/components/html-string.ts). Other references (`&#x27;`, `&amp;`) stay.
 */
export function withCharacters(html: string): string {
  return html.replace(/&#(\d+);/g, (reference, code: string) =>
    Number(code) > 0xff ? String.fromCodePoint(Number(code)) : reference,
  );
}

/**
 * The value `read` gives once `done` accepts it, polling for up to `timeoutMs`: for work a request
 * finishes after its response (`waitUntil`), such as the password-reset mail.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Lets work a request left running after its response (`waitUntil`) finish. */
export function settle(ms = 300): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
