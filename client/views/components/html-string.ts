/**
 * Markup written as a string, for the few repeated pieces where React's element-by-element rendering
 * costs more than it gives: the two forms on each of a list's 48 cards (issue 5's render budget) have
 * no state, no events and never hydrate. Every value is escaped; use only for static markup.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `value` safe as HTML text and as a double-quoted attribute value. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** A hidden form field. */
export function hiddenField(name: string, value: string | number): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}
