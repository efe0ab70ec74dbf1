/**
 * Markup written as a string, for the few repeated pieces where React's element-by-element rendering
 * costs more than it gives: a list's 48 product cards (ProductCard.tsx), the two forms on each and a list's
 * filter values (ListFilters.tsx) (issue 5's and issue 15's render budget) have no state, no events and
 * never hydrate. Every value is escaped the way React escapes it, so the markup means what React's does;
 * use only for static markup.
 *
 * One difference: a character beyond Latin-1 (– … ” € ™, emoji) is written as a character reference
 * (`&#8211;`), which the browser reads as the same character. V8 keeps a string whose characters all fit in
 * Latin-1 at one byte per character, and a page's markup is joined into one string (Prerendered.tsx): one
 * en dash in a card or a filter made the whole list page a two-byte string, and joining and encoding it cost
 * a fifth of a list's render (scripts/bench.mjs, "render CPU").
 */

/**
 * The same text, stored at one byte per character. Writing the references is not enough on its own: V8
 * keeps the result of a replace (or a slice, or a join) of a two-byte string two-byte, whatever its characters,
 * and a two-byte piece makes the whole page two-byte again when the pieces are joined. A JSON round trip makes
 * a new string in the narrowest representation its characters allow (it is V8's cheapest such copy: about
 * 1 µs for a product name). Only for text whose characters are all in Latin-1; others stay two-byte.
 */
export function oneByte(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const NEEDS_ESCAPING = /[&<>"'\u0100-\uffff]/;
const HAS_BEYOND_LATIN1 = /[\u0100-\uffff]/;

/** Whether `text` has a character beyond Latin-1 (then V8 keeps it two bytes per character). */
export function hasBeyondLatin1(text: string): boolean {
  return HAS_BEYOND_LATIN1.test(text);
}
// A surrogate pair is one character (one reference); a lone surrogate becomes U+FFFD in the browser, as it
// would unescaped.
const BEYOND_LATIN1 = '[\\ud800-\\udbff][\\udc00-\\udfff]|[\\u0100-\\uffff]';
const ESCAPABLE = new RegExp(`[&<>"']|${BEYOND_LATIN1}`, 'g');

/** `character` as markup: its entity (& < > " '), else its numeric reference. */
function reference(character: string): string {
  return ENTITIES[character] ?? `&#${character.codePointAt(0)};`;
}

/** `value` safe as HTML text and as a double-quoted attribute value, in Latin-1 (see above). */
export function escapeHtml(value: string | number): string {
  const text = String(value);
  // Most values (prices, ids, paths, most names) have nothing to escape: skip the replace's callbacks.
  if (!NEEDS_ESCAPING.test(text)) return text;
  const escaped = text.replace(ESCAPABLE, reference);
  return HAS_BEYOND_LATIN1.test(text) ? oneByte(escaped) : escaped;
}

/** A script's or style sheet's content, where a character reference would not be read as one. */
const RAW_TEXT = /(<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>)/;
const ONLY_BEYOND_LATIN1 = new RegExp(BEYOND_LATIN1, 'g');

/**
 * Markup already made (React's) in Latin-1: every character beyond it outside scripts and style sheets
 * written as a reference, as `escapeHtml` writes it. Scripts' JSON escapes these itself (serializeProps).
 * For markup kept and sent many times (Prerendered.tsx's header and footer), not per request: it reads the
 * whole string.
 */
export function latin1Markup(html: string): string {
  const markup = HAS_BEYOND_LATIN1.test(html)
    ? html
        .split(RAW_TEXT)
        .map((part, index) => (index % 2 === 1 ? part : part.replace(ONLY_BEYOND_LATIN1, reference)))
        .join('')
    : html;
  // Copied even when nothing was replaced: a piece of React's string may have been two-byte with only
  // Latin-1 in it (oneByte). A script's JSON may still hold a character beyond Latin-1 (serializeProps
  // escapes it; a script written by hand may not): then the markup stays two-byte, as it must.
  return HAS_BEYOND_LATIN1.test(markup) ? markup : oneByte(markup);
}

/** ` name="value"` with the value escaped, or nothing when there is no value (as React leaves it out). */
export function attribute(name: string, value: string | number | null | undefined): string {
  return value === undefined || value === null ? '' : ` ${name}="${escapeHtml(value)}"`;
}

/** A hidden form field. */
export function hiddenField(name: string, value: string | number): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}
