/**
 * Server side of the island mechanism: renders the island's HTML in place, marked with its name, and
 * its props as JSON beside it. `client/browser/islands.ts` finds the marker and hydrates only these parts,
 * when the shopper reaches for one.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { IslandName } from '../../islands/registry';
import { hasBeyondLatin1, oneByte } from './html-string';

/** The response's CSP nonce, for every inline script the page renders. */
export const NonceContext = createContext<string | undefined>(undefined);

/**
 * What JSON in a <script> element writes as \u escapes: < and > (no '</script>' or comment opener can end it
 * early), the line separators, and every character beyond Latin-1, so the page's markup stays a one-byte
 * string in V8 (html-string.ts says why). JSON.parse reads the escapes back as the same characters.
 */
const UNSAFE_IN_SCRIPT = /[<>\u0100-\uffff]/g;

function jsonEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** JSON safe inside a <script> element, in Latin-1 (UNSAFE_IN_SCRIPT). */
export function serializeProps(props: unknown): string {
  const json = JSON.stringify(props);
  const safe = json.replace(UNSAFE_IN_SCRIPT, jsonEscape);
  // A string beyond Latin-1 made the JSON two-byte, and the replace keeps it so (oneByte says why).
  return hasBeyondLatin1(json) ? oneByte(safe) : safe;
}

export function Island<P extends object>({
  name,
  component: Component,
  props,
  clientProps = props,
  wake = 'intent',
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /**
   * The props the browser gets, when they differ from the server's: without what the browser reads from
   * the page itself (the mini cart's count, which a kept page gets per shopper: worker/render/personal-parts.tsx).
   */
  clientProps?: Partial<P>;
  /**
   * When React and the island's chunk load (client/browser/islands.ts): when the shopper reaches for it
   * (the default), with the page, for an island that must act unasked (the confirmation page's), or once
   * the shopper has typed something it is needed for (`'typing'`: the header's search box, woken by the page
   * script as it sends the first suggestion request, client/browser/entry.tsx).
   */
  wake?: 'intent' | 'load' | 'typing';
}) {
  const nonce = useContext(NonceContext);
  return (
    <>
      <div className="island" data-island={name} data-island-wake={wake === 'intent' ? undefined : wake}>
        <Component {...props} />
      </div>
      <script
        type="application/json"
        data-island-props={name}
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: serializeProps(clientProps) }}
      />
    </>
  );
}
