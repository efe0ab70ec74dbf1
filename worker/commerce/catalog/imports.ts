/**
 * Catalog imports as records (issue 27, migration 0033): a checked file is kept with its rows; applying
 * it is a message per batch of IMPORT_BATCH_SIZE rows; a batch applied is recorded in its own D1 batch, so
 * the progress is a count and a redelivered message does nothing twice. An import done may be applied again
 * (the rows are upserts): its batches start over.
 */
import { applyImportRows, type ImportCheck, type ImportRow } from './import';

export const IMPORT_BATCH_SIZE = 50;

/** The queue's message: one batch of one import. */
export interface ImportMessage {
  importId: number;
  batch: number;
}

export type ImportStatus = 'CHECKED' | 'APPLYING' | 'DONE';

export interface CatalogImport {
  id: number;
  staffEmail: string;
  createdAt: string;
  fileName: string;
  total: number;
  batches: number;
  doneBatches: number;
  status: ImportStatus;
  appliedAt: string | null;
  appliedBy: string | null;
  finishedAt: string | null;
  summary: ImportCheck['summary'];
}

function toImport(row: Record<string, any>): CatalogImport {
  return {
    id: row.id,
    staffEmail: row.staff_email,
    createdAt: row.created_at,
    fileName: row.file_name,
    total: row.total,
    batches: row.batches,
    doneBatches: row.done_batches,
    status: row.status,
    appliedAt: row.applied_at,
    appliedBy: row.applied_by,
    finishedAt: row.finished_at,
    summary: JSON.parse(row.summary_json),
  };
}

const COLUMNS =
  'id, staff_email, created_at, file_name, total, batches, done_batches, status, applied_at, applied_by, finished_at, summary_json';

/** Keeps a checked import (no problems): the statement, to run with its audit row; RETURNING its id. */
export function keepImportStatement(
  db: D1Database,
  check: ImportCheck,
  file: { name: string; format: 'csv' | 'json' },
  staffEmail: string,
  now: Date,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO catalog_imports (staff_email, created_at, file_name, format, rows_json, total, batches, summary_json, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'CHECKED') RETURNING id`,
    )
    .bind(
      staffEmail,
      now.toISOString(),
      file.name.slice(0, 200),
      file.format,
      JSON.stringify(check.rows),
      check.rows.length,
      Math.max(1, Math.ceil(check.rows.length / IMPORT_BATCH_SIZE)),
      JSON.stringify(check.summary),
    );
}

export async function findImport(db: D1Database, id: number): Promise<CatalogImport | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM catalog_imports WHERE id = ?`).bind(id).first();
  return row ? toImport(row) : null;
}

export async function recentImports(db: D1Database, take = 20): Promise<CatalogImport[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM catalog_imports ORDER BY created_at DESC, id DESC LIMIT ?`)
    .bind(take)
    .all();
  return results.map(toImport);
}

/**
 * Starts applying import `id` (checked, or done: again): its batches start over. The messages to send, or
 * null when it is being applied right now or does not exist. `alongside` (the audit row) runs with it.
 */
export async function startApplying(
  db: D1Database,
  id: number,
  staffEmail: string,
  now: Date,
  alongside: readonly D1PreparedStatement[] = [],
): Promise<ImportMessage[] | null> {
  const at = now.toISOString();
  const [started] = await db.batch([
    db
      .prepare(
        `UPDATE catalog_imports SET status = 'APPLYING', applied_at = ?, applied_by = ?, done_batches = 0, finished_at = NULL
         WHERE id = ? AND status IN ('CHECKED', 'DONE')`,
      )
      .bind(at, staffEmail, id),
    // Only when this request started it (its own time is the import's now).
    db
      .prepare(
        'DELETE FROM catalog_import_batches WHERE import_id = ? AND (SELECT applied_at FROM catalog_imports WHERE id = ?) = ?',
      )
      .bind(id, id, at),
    ...alongside,
  ]);
  if (started!.meta.changes !== 1) return null;
  const row = await db
    .prepare('SELECT batches FROM catalog_imports WHERE id = ?')
    .bind(id)
    .first<{ batches: number }>();
  return Array.from({ length: row?.batches ?? 0 }, (_, batch) => ({ importId: id, batch }));
}

/**
 * Applies one batch of an import, once: a batch recorded already (a redelivered message) is left alone.
 * Resolves with whether the import is now done (every batch applied).
 */
export async function applyImportBatch(
  db: D1Database,
  message: ImportMessage,
  now: Date,
): Promise<'APPLIED' | 'SKIPPED' | 'DONE'> {
  const found = await db
    .prepare(
      `SELECT rows_json, batches, status, EXISTS (SELECT 1 FROM catalog_import_batches WHERE import_id = ?1 AND batch = ?2) AS done
       FROM catalog_imports WHERE id = ?1`,
    )
    .bind(message.importId, message.batch)
    .first<{ rows_json: string; batches: number; status: ImportStatus; done: number }>();
  if (!found || found.status !== 'APPLYING' || found.done === 1 || message.batch >= found.batches) return 'SKIPPED';
  const rows = (JSON.parse(found.rows_json) as ImportRow[]).slice(
    message.batch * IMPORT_BATCH_SIZE,
    (message.batch + 1) * IMPORT_BATCH_SIZE,
  );
  const at = now.toISOString();
  await applyImportRows(db, rows, now, [
    db
      .prepare('INSERT INTO catalog_import_batches (import_id, batch, done_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
      .bind(message.importId, message.batch, at),
    db
      .prepare(
        `UPDATE catalog_imports SET done_batches = (SELECT COUNT(*) FROM catalog_import_batches WHERE import_id = ?1),
           status = CASE WHEN (SELECT COUNT(*) FROM catalog_import_batches WHERE import_id = ?1) >= batches THEN 'DONE' ELSE status END,
           finished_at = CASE WHEN (SELECT COUNT(*) FROM catalog_import_batches WHERE import_id = ?1) >= batches THEN ?2 ELSE finished_at END
         WHERE id = ?1`,
      )
      .bind(message.importId, at),
  ]);
  const after = await db
    .prepare('SELECT status FROM catalog_imports WHERE id = ?')
    .bind(message.importId)
    .first<{ status: ImportStatus }>();
  return after?.status === 'DONE' ? 'DONE' : 'APPLIED';
}
