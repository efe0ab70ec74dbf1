// Shared by the forms-*.test.ts files: a browser-like form POST and a small cookie jar.
import { fetchWorker } from '../helpers';

export const SAME_ORIGIN = 'http://127.0.0.1';

/** A cookie jar that follows Set-Cookie headers (Max-Age=0 removes). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value);
  }

  take(response: Response): this {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const removed = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (removed) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
    return this;
  }

  get(name: string): string | undefined {
    const value = this.cookies.get(name);
    return value === undefined ? undefined : decodeURIComponent(value);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A form POST as a browser sends it from a page of this site (Origin header, urlencoded body). */
export async function postForm(
  path: string,
  fields: Record<string, string>,
  jar: CookieJar = new CookieJar(),
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await fetchWorker(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: SAME_ORIGIN,
      ...(jar.cookies.size ? { Cookie: jar.header() } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  jar.take(response);
  return response;
}

/** GETs a page with the jar's cookies (and keeps what it sets), returning the HTML. */
export async function getPage(path: string, jar: CookieJar): Promise<string> {
  const response = await fetchWorker(path, { headers: { Cookie: jar.header() }, redirect: 'manual' });
  jar.take(response);
  return response.text();
}

/** The one-time notice at the top of <main>, or null. */
export function flashNotice(html: string): { role: string; text: string; html: string } | null {
  const match = /<div class="notice flash[^"]*" role="(status|alert)">([\s\S]*?)<\/div>/.exec(html);
  if (!match) return null;
  const inner = match[2]!;
  const text = inner
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
  return { role: match[1]!, text, html: inner };
}
