/**
 * A LIKE pattern that finds `text` anywhere, its own wildcards (`%`, `_`) and the escape character taken
 * literally: use it with `LIKE ? ESCAPE '\'`. Staff searches (orders, products, customers) go through it, so
 * a search for "100%" is not a search for everything.
 */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
