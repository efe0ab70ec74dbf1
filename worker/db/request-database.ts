/**
 * One request's database (issue 15, "reads near the shopper"): every query of a request goes through one
 * D1 session (Sessions API, `withSession`), so D1 may answer its reads from a replica near the shopper
 * while the request still reads its own writes, in order. It has the binding's shape, so the domain,
 * the GraphQL context and the routes keep taking a `D1Database` and need not know about sessions.
 * docs/decisions/014-d1-sessions.md says why, and how the bookmark reaches the next request.
 */

import { LiveChanges } from './announcements';

/** Statements that only read: a SELECT (or VALUES, EXPLAIN), and a WITH query without a write clause. */
const READ_ONLY_LEAD = new Set(['select', 'values', 'explain']);
const WRITE_CLAUSE =
  /\b(?:insert|replace)\s+(?:or\s+\w+\s+)?into\b|\bupdate\s+(?:or\s+\w+\s+)?[\w."]+\s+set\b|\bdelete\s+from\b/i;

/**
 * Whether `sql` may change the database. Whatever is not plainly a read counts as a write (INSERT,
 * UPDATE, DELETE, REPLACE, DDL, a WITH that ends in a write), so a doubt errs towards the shopper
 * reading their own writes.
 */
export function isWriteStatement(sql: string): boolean {
  const lead = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase();
  if (lead === 'with') return WRITE_CLAUSE.test(sql);
  return lead === undefined || !READ_ONLY_LEAD.has(lead);
}

/** A D1 database whose statements all run in one session of `binding`. */
export class RequestDatabase implements D1Database {
  /** The D1 binding itself (also when `database` is another request's database, as in a sub-request). */
  readonly binding: D1Database;
  #session: D1DatabaseSession;
  #wrote = false;
  /** What this request's committed batches changed that open pages show live (announcements.ts). */
  readonly changes = new LiveChanges();

  /** `constraintOrBookmark`: a bookmark an earlier request of the same shopper ended with, or a constraint. */
  constructor(database: D1Database, constraintOrBookmark: D1SessionBookmark | D1SessionConstraint) {
    this.binding = databaseBinding(database);
    this.#session = this.binding.withSession(constraintOrBookmark);
  }

  prepare(query: string): D1PreparedStatement {
    // A prepared write counts as run: a doubt errs towards the shopper reading their own writes.
    if (isWriteStatement(query)) this.#wrote = true;
    return this.#session.prepare(query);
  }

  async batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    const results = await this.#session.batch<T>(statements);
    this.changes.record(statements, results);
    return results;
  }

  /** Whether this request prepared a statement that changes the database. */
  get wrote(): boolean {
    return this.#wrote;
  }

  /** The latest bookmark the session has seen (the one it began with until it runs a query); null before any. */
  bookmark(): D1SessionBookmark | null {
    return this.#session.getBookmark();
  }

  /**
   * Moves the session on so it reads at least as fresh as `bookmark`: what the isolate already relies on
   * (a catalog version remembered from a fresher replica, worker/graphql/catalog-version.ts). A new
   * session from a later bookmark keeps every guarantee of this one; bookmarks order as text.
   */
  atLeast(bookmark: D1SessionBookmark | null): void {
    if (bookmark === null) return;
    const current = this.#session.getBookmark();
    if (current !== null && current >= bookmark) return;
    this.#session = this.binding.withSession(bookmark);
  }

  /** A new session of the same database, independent of this one. */
  withSession(constraintOrBookmark?: D1SessionBookmark | D1SessionConstraint): D1DatabaseSession {
    return this.binding.withSession(constraintOrBookmark);
  }

  /**
   * Refused: a session has no `exec`, and running it on the binding would write behind the session's
   * back (the request could then miss its own write). Migrations and the seed use the binding itself.
   */
  exec(): Promise<D1ExecResult> {
    return Promise.reject(new Error("exec() is not available in a request's D1 session: use prepare() or batch()"));
  }

  /** Refused, like `exec` (and deprecated by D1: it only ever applied to alpha databases). */
  dump(): Promise<ArrayBuffer> {
    return Promise.reject(new Error("dump() is not available in a request's D1 session"));
  }
}

/**
 * The binding behind `db`: the key for what an isolate remembers per database (the channel, for a
 * minute), which would otherwise be forgotten with every request's session.
 */
export function databaseBinding(db: D1Database): D1Database {
  return db instanceof RequestDatabase ? db.binding : db;
}
