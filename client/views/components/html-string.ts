/**
 * Markup written as a string, for the few repeated pieces where React's element-by-element rendering
 * costs more than it gives: a list's 48 product cards (ProductCard.tsx) and the two forms on each (issue 5's
 * and issue 15's render budget) have no state, no events and never hydrate. Every value is escaped the
 * way React escapes it, so the markup is the same as React's; use only for static markup.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const NEEDS_ESCAPING = /[&<>"']/;
const ESCAPABLE = /[&<>"']/g;

/** `value` safe as HTML text and as a double-quoted attribute value. */
export function escapeHtml(value: string | number): string {
  const text = String(value);
  // Most values (prices, ids, paths, most names) have nothing to escape: skip the replace's callbacks.
  return NEEDS_ESCAPING.test(text) ? text.replace(ESCAPABLE, (character) => ENTITIES[character]!) : text;
}

/** ` name="value"` with the value escaped, or nothing when there is no value (as React leaves it out). */
export function attribute(name: string, value: string | number | null | undefined): string {
  return value === undefined || value === null ? '' : ` ${name}="${escapeHtml(value)}"`;
}

/** A hidden form field. */
export function hiddenField(name: string, value: string | number): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}
