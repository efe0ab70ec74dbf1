/**
 * The merchant REST API's keys (issue 27, migration 0034): each names what it may do (its scopes), so an
 * ERP that only sends stock counts holds a key that cannot move orders. A key is `mk_<id>_<secret>`; only
 * its SHA-256 is kept, and it is compared in constant time. Revoked keys open nothing.
 */
import { randomHex, sameToken, sha256Hex } from './crypto';

export const MERCHANT_SCOPES = [
  'stock:write',
  'prices:write',
  'products:write',
  'orders:read',
  'orders:write',
] as const;
export type MerchantScope = (typeof MERCHANT_SCOPES)[number];

export interface MerchantKey {
  id: number;
  name: string;
  scopes: MerchantScope[];
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const KEY_FORMAT = /^mk_(\d{1,10})_([0-9a-f]{48})$/;

/** Makes a key: the statement to run (with its audit row) and the key to show once. */
export async function newMerchantKey(
  db: D1Database,
  name: string,
  scopes: readonly MerchantScope[],
  createdBy: string,
  now: Date,
): Promise<{ statement: D1PreparedStatement; reveal: (id: number) => string }> {
  const secret = randomHex(24);
  return {
    statement: db
      .prepare(
        'INSERT INTO merchant_api_keys (name, key_hash, scopes, created_by, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
      )
      .bind(name, await sha256Hex(secret), JSON.stringify(scopes), createdBy, now.toISOString()),
    reveal: (id) => `mk_${id}_${secret}`,
  };
}

export async function listMerchantKeys(db: D1Database): Promise<MerchantKey[]> {
  const { results } = await db
    .prepare(
      'SELECT id, name, scopes, created_by, created_at, last_used_at, revoked_at FROM merchant_api_keys ORDER BY id DESC LIMIT 200',
    )
    .all<Record<string, any>>();
  return results.map((row) => ({
    id: row.id,
    name: row.name,
    scopes: JSON.parse(row.scopes),
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  }));
}

/** Revokes key `id`: the statement (with its audit row after it, conditioned on it). */
export function revokeMerchantKeyStatement(db: D1Database, id: number, now: Date): D1PreparedStatement {
  return db
    .prepare('UPDATE merchant_api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
    .bind(now.toISOString(), id);
}

/** The key `given` is, when it is a live key: its id, name and scopes (its last use is noted). */
export async function merchantKeyOf(
  db: D1Database,
  given: string | undefined,
  now: Date,
): Promise<{ id: number; name: string; scopes: MerchantScope[] } | null> {
  const parts = given ? KEY_FORMAT.exec(given) : null;
  if (!parts) return null;
  const row = await db
    .prepare('SELECT id, name, key_hash, scopes FROM merchant_api_keys WHERE id = ? AND revoked_at IS NULL')
    .bind(Number(parts[1]))
    .first<{ id: number; name: string; key_hash: string; scopes: string }>();
  if (!row || !sameToken(await sha256Hex(parts[2]!), row.key_hash)) return null;
  await db.prepare('UPDATE merchant_api_keys SET last_used_at = ? WHERE id = ?').bind(now.toISOString(), row.id).run();
  return { id: row.id, name: row.name, scopes: JSON.parse(row.scopes) };
}
