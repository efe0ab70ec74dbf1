/**
 * GraphQL lists may have holes: the schema types most lists as `[Item]`, so an item may be null. These
 * read such a list as the items it has.
 */

/** The items of a GraphQL list without its nulls; none when the list itself is null. */
export function listItems<Item>(list: readonly (Item | null | undefined)[] | null | undefined): Item[] {
  return list ? list.filter((item): item is Item => item != null) : [];
}
