/**
 * Free-text product search (issue 3 "Search"): name, brand, category names, article numbers and EANs in
 * the request's language, over the trigram FTS5 index of migration 0006 (search_documents +
 * product_search).
 *
 * - Every term must match (AND); a term matches anywhere inside a word, so prefixes and parts of
 *   compound words match: "penna" finds "Kulspetspenna", "kulspets" finds "Kulspetspennor".
 * - Case is folded; diacritics are kept ("blå" does not find "blandade"), and a missing one is a typo.
 * - A typo is tolerated: when no product matches every term exactly, each term of 4 or more characters
 *   may match with one edit (a letter missing, extra, wrong or two letters swapped: "pennna", "stablio",
 *   "haftapparat").
 *   Candidates come from the index (the term's one-edit variants and the pieces around each position),
 *   and are then verified here with an edit distance, so the index never has to know about typos.
 * - Relevance: fewer edits first, then products whose name holds more of the terms, then FTS5's bm25 with
 *   name weighted above codes, brand and categories.
 * Terms shorter than 3 characters ("A4") cannot use the trigram index; they filter the candidates here.
 */

/** Most terms a search uses; the rest are ignored (a search box sentence, not a document). */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 64;
/** Shortest term the trigram index can look up. */
const INDEXED_LENGTH = 3;
/** Shortest term that may match with one edit; shorter terms would match too much. */
const FUZZY_LENGTH = 4;
/** Most documents read per search: more than the catalog of one language. */
const MAX_CANDIDATES = 5000;
/** bm25 weights of name, brand, categories and codes. */
const BM25 = 'bm25(product_search, 10.0, 4.0, 2.0, 6.0)';

/** Lower case in Unicode's composed form, as the trigram tokenizer compares text ('Häfta' -> 'häfta'). */
export function foldText(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/** The distinct search terms of a shopper's text, folded, in their order. */
export function searchTerms(text: string): string[] {
  const terms = foldText(text)
    .split(/[\s"'`()[\]{}*:;!?,+^]+/u)
    .map((term) => term.replace(/^[-.]+|[-.]+$/g, '').slice(0, MAX_TERM_LENGTH))
    .filter((term) => term.length > 0);
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

/**
 * Smallest number of edits (insert, delete, substitute, swap two neighbours) that turns `pattern` into
 * some substring of `text` (Sellers' algorithm with the optimal-string-alignment swap).
 */
export function substringEditDistance(pattern: string, text: string): number {
  if (text.includes(pattern)) return 0;
  const m = pattern.length;
  const cell = (row: readonly number[], i: number) => row[i] ?? Number.POSITIVE_INFINITY;
  let beforePrevious: number[] = [];
  // previous[i]: edits between pattern[0, i) and the best substring of text ending at the previous column.
  let previous = Array.from({ length: m + 1 }, (_, i) => i);
  let best = m;
  for (let j = 1; j <= text.length; j++) {
    const current = [0];
    for (let i = 1; i <= m; i++) {
      const cost = pattern.charAt(i - 1) === text.charAt(j - 1) ? 0 : 1;
      let value = Math.min(cell(previous, i - 1) + cost, cell(previous, i) + 1, cell(current, i - 1) + 1);
      const swapped =
        i > 1 && j > 1 && pattern.charAt(i - 1) === text.charAt(j - 2) && pattern.charAt(i - 2) === text.charAt(j - 1);
      if (swapped) value = Math.min(value, cell(beforePrevious, i - 2) + 1);
      current.push(value);
    }
    best = Math.min(best, cell(current, m));
    beforePrevious = previous;
    previous = current;
  }
  return best;
}

const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** FTS5 query that finds every document holding `term` within one edit (a superset, verified later). */
export function oneEditQuery(term: string): string {
  const variants = new Set<string>([phrase(term)]);
  const pieces = (before: string, after: string) => {
    const indexed = [before, after].filter((piece) => piece.length >= INDEXED_LENGTH);
    if (indexed.length) variants.add(indexed.map(phrase).join(' AND '));
  };
  for (let i = 0; i < term.length; i++) {
    const deleted = term.slice(0, i) + term.slice(i + 1);
    if (deleted.length >= INDEXED_LENGTH) variants.add(phrase(deleted)); // the shopper typed a letter too many
    if (i + 1 < term.length) {
      variants.add(phrase(term.slice(0, i) + term.charAt(i + 1) + term.charAt(i) + term.slice(i + 2))); // two letters swapped
    }
    pieces(term.slice(0, i), term.slice(i + 1)); // a wrong letter at i
    pieces(term.slice(0, i), term.slice(i)); // a letter missing before i
  }
  pieces(term, '');
  return `(${[...variants].map((variant) => `(${variant})`).join(' OR ')})`;
}

interface SearchDocumentRow {
  productId: number;
  name: string;
  brand: string;
  categories: string;
  codes: string;
  score: number;
}

interface RankedHit {
  productId: number;
  edits: number;
  nameHits: number;
  score: number;
}

/** How a document matches every term with at most `allowed` edits each, or null when it does not. */
function rankDocument(row: SearchDocumentRow, terms: string[], fuzzy: boolean): RankedHit | null {
  const name = foldText(row.name);
  const everything = `${name} ${foldText(row.brand)} ${foldText(row.categories)} ${foldText(row.codes)}`;
  let edits = 0;
  let nameHits = 0;
  for (const term of terms) {
    const allowed = fuzzy && term.length >= FUZZY_LENGTH ? 1 : 0;
    const distance = substringEditDistance(term, everything);
    if (distance > allowed) return null;
    edits += distance;
    if (substringEditDistance(term, name) <= allowed) nameHits += 1;
  }
  return { productId: row.productId, edits, nameHits, score: row.score };
}

async function readDocuments(db: D1Database, match: string | null, languageId: string): Promise<SearchDocumentRow[]> {
  const columns = 'd.product_id AS productId, d.name, d.brand, d.categories, d.codes';
  const statement = match
    ? db
        .prepare(
          `SELECT ${columns}, ${BM25} AS score FROM product_search
           JOIN search_documents d ON d.id = product_search.rowid
           WHERE product_search MATCH ? AND d.language_id = ? ORDER BY score LIMIT ${MAX_CANDIDATES}`,
        )
        .bind(match, languageId)
    : db
        .prepare(
          `SELECT ${columns}, 0 AS score FROM search_documents d WHERE d.language_id = ? LIMIT ${MAX_CANDIDATES}`,
        )
        .bind(languageId);
  return (await statement.all<SearchDocumentRow>()).results;
}

function ranked(rows: SearchDocumentRow[], terms: string[], fuzzy: boolean): number[] {
  return rows
    .map((row) => rankDocument(row, terms, fuzzy))
    .filter((hit): hit is RankedHit => hit !== null)
    .sort((a, b) => a.edits - b.edits || b.nameHits - a.nameHits || a.score - b.score || a.productId - b.productId)
    .map((hit) => hit.productId);
}

/**
 * Ids of the products matching `text` in `languageId`, most relevant first; empty when the text has no
 * terms or nothing matches even with one typo per term.
 */
export async function searchProductIds(db: D1Database, text: string, languageId: string): Promise<number[]> {
  const terms = searchTerms(text);
  if (terms.length === 0) return [];
  const indexed = terms.filter((term) => term.length >= INDEXED_LENGTH);
  const exactMatch = indexed.length ? indexed.map(phrase).join(' AND ') : null;
  const exact = ranked(await readDocuments(db, exactMatch, languageId), terms, false);
  if (exact.length > 0 || !terms.some((term) => term.length >= FUZZY_LENGTH)) return exact;
  const fuzzyMatch = indexed
    .map((term) => (term.length >= FUZZY_LENGTH ? oneEditQuery(term) : phrase(term)))
    .join(' AND ');
  return ranked(await readDocuments(db, fuzzyMatch, languageId), terms, true);
}
