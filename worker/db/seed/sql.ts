// Building blocks of the seed: SQL literals and chunked INSERTs, a seeded PRNG, URL slugs and dates.
// Pure functions only: the generator must run unchanged in Node and in the Workers runtime.

export type SqlValue = string | number | null;

/** Rows per multi-row INSERT and bytes per statement (D1 rejects statements over 100 KB). */
const MAX_ROWS_PER_STATEMENT = 100;
const MAX_STATEMENT_BYTES = 90_000;

/** One SQL literal: strings single-quoted with quotes doubled, integers as is, null as NULL. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Seed value is not a finite number: ${value}`);
    return String(value);
  }
  if (/[\r\n]/.test(value)) throw new Error(`Seed string contains a newline: ${value.slice(0, 80)}`);
  return `'${value.replace(/'/g, "''")}'`;
}

/** UTF-8 byte length without TextEncoder allocations. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Multi-row INSERT statements for one table: one line each, at most 100 rows and ~90 KB. */
export function insertStatements(table: string, columns: readonly string[], rows: readonly SqlValue[][]): string[] {
  const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
  const statements: string[] = [];
  let tuples: string[] = [];
  let bytes = utf8Length(head);
  const flush = () => {
    if (tuples.length > 0) statements.push(`${head}${tuples.join(', ')};`);
    tuples = [];
    bytes = utf8Length(head);
  };
  for (const row of rows) {
    if (row.length !== columns.length) {
      throw new Error(`${table}: row has ${row.length} values for ${columns.length} columns`);
    }
    const tuple = `(${row.map(sqlLiteral).join(', ')})`;
    const tupleBytes = utf8Length(tuple) + 2;
    if (tuples.length >= MAX_ROWS_PER_STATEMENT || (tuples.length > 0 && bytes + tupleBytes > MAX_STATEMENT_BYTES))
      flush();
    tuples.push(tuple);
    bytes += tupleBytes;
  }
  flush();
  return statements;
}

/** FNV-1a hash of a string, used to derive independent PRNG streams from names. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Deterministic PRNG (mulberry32). Every part of the seed takes its own stream by name, so changing
 * how one table is generated does not reshuffle the others.
 */
export class Rng {
  private state: number;

  constructor(stream: string) {
    this.state = hashString(`kontorsgiganten:${stream}`);
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy;
  }

  /** Index chosen with the given relative weights. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let roll = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      roll -= weights[i] as number;
      if (roll < 0) return i;
    }
    return weights.length - 1;
  }
}

const SLUG_MAP: Record<string, string> = {
  å: 'a',
  ä: 'a',
  à: 'a',
  á: 'a',
  â: 'a',
  ã: 'a',
  æ: 'ae',
  ö: 'o',
  ø: 'o',
  ó: 'o',
  ò: 'o',
  ô: 'o',
  õ: 'o',
  é: 'e',
  è: 'e',
  ê: 'e',
  ë: 'e',
  ü: 'u',
  ú: 'u',
  ù: 'u',
  û: 'u',
  í: 'i',
  ì: 'i',
  î: 'i',
  ï: 'i',
  ç: 'c',
  ñ: 'n',
  š: 's',
  ž: 'z',
  ß: 'ss',
  '²': '2',
  '³': '3',
};

/** URL slug: lowercase ASCII, å/ä→a, ö/ø→o, æ→ae, apostrophes dropped, anything else becomes '-'. */
export function slugify(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) {
    if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) out += ch;
    else if (ch === "'" || ch === '’') continue;
    else out += SLUG_MAP[ch] ?? '-';
  }
  return out.replace(/-+/g, '-').replace(/^-|-$/g, '');
}

/** 'YYYY-MM-DD' plus a number of days (negative goes back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** ISO 8601 UTC timestamp on a date. */
export function timestamp(date: string, hour = 9, minute = 0): string {
  return `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`;
}

/** EAN-13 from its first 12 digits: weights 1,3,1,3… from the left, check digit last. */
export function ean13(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 body must be 12 digits: ${first12}`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}
