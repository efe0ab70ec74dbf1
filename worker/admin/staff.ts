/**
 * The back office's staff and audit log (issue 27, migration 0030). A staff member is an e-mail address
 * Access vouches for, with a role; every write a staff member makes is written to the audit log in the
 * same batch as the write itself, so there is no change without its entry.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { ACCESS_ASSERTION_HEADER, accessEmailOf } from './access';

export type StaffRole = 'owner' | 'staff' | 'viewer';

export interface StaffMember {
  email: string;
  role: StaffRole;
}

/** The local owner `npm run dev` signs in as (dev only, like the dev mailbox). */
export const DEV_OWNER: StaffMember = { email: 'owner@localhost', role: 'owner' };

/** What each role may do beyond reading: staff the shop's daily work, the owner also the staff. */
export function mayWrite(member: StaffMember): boolean {
  return member.role === 'owner' || member.role === 'staff';
}
export function mayManageStaff(member: StaffMember): boolean {
  return member.role === 'owner';
}

export async function findStaff(db: D1Database, email: string): Promise<StaffMember | null> {
  const row = await db
    .prepare('SELECT email, role FROM staff WHERE email = ?')
    .bind(email.toLowerCase())
    .first<{ email: string; role: StaffRole }>();
  return row ? { email: row.email, role: row.role } : null;
}

export interface AuditEntry {
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

/**
 * The audit log's row for `entry`, to run in the same batch as the write it records. With `afterChange`,
 * it is written only when the statement just before it changed a row (SQLite's changes()): a write that
 * found its record already changed by someone else leaves no entry.
 */
export function auditStatement(
  db: D1Database,
  member: StaffMember,
  entry: AuditEntry,
  now: Date,
  { afterChange = false }: { afterChange?: boolean } = {},
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO staff_audit (at, staff_email, action, subject, before_json, after_json)
       SELECT ?, ?, ?, ?, ?, ?${afterChange ? ' WHERE changes() > 0' : ''}`,
    )
    .bind(
      now.toISOString(),
      member.email,
      entry.action,
      entry.subject,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    );
}

/**
 * Who the request is at /admin: the local owner on `npm run dev`; behind Access, the staff member whose
 * address its verified token carries; 'off' when neither is configured (/admin is then the 404 page);
 * null for anyone else (no token, a forged one, another application's, or an address that is not staff).
 */
export async function staffOf(c: Context<AppEnv>): Promise<StaffMember | 'off' | null> {
  const { staffAccess } = c.get('config');
  if (staffAccess.devOwner) return DEV_OWNER;
  if (!staffAccess.access) return 'off';
  const email = await accessEmailOf(c.req.header(ACCESS_ASSERTION_HEADER), staffAccess.access);
  if (!email) return null;
  // The configured owner is the owner whatever the table says: the one who adds everyone else.
  if (email === staffAccess.owner) return { email, role: 'owner' };
  return findStaff(c.env.DB, email);
}

export interface StaffRow extends StaffMember {
  addedAt: string;
  addedBy: string;
}

export const STAFF_ROLES: readonly StaffRole[] = ['owner', 'staff', 'viewer'];

/** Everyone in the staff table, by address. */
export async function listStaff(db: D1Database): Promise<StaffRow[]> {
  const { results } = await db
    .prepare('SELECT email, role, added_at, added_by FROM staff ORDER BY email LIMIT 1000')
    .all<{ email: string; role: StaffRole; added_at: string; added_by: string }>();
  return results.map((row) => ({ email: row.email, role: row.role, addedAt: row.added_at, addedBy: row.added_by }));
}

/** Adds `email` with `role`, audit-logged; 'EXISTS' when the address is staff already. */
export async function addStaff(
  db: D1Database,
  by: StaffMember,
  email: string,
  role: StaffRole,
  now: Date,
): Promise<'ADDED' | 'EXISTS'> {
  const [added] = await db.batch([
    db
      .prepare('INSERT INTO staff (email, role, added_at, added_by) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING')
      .bind(email, role, now.toISOString(), by.email),
    auditStatement(db, by, { action: 'staff.add', subject: `staff:${email}`, before: null, after: { role } }, now, {
      afterChange: true,
    }),
  ]);
  return added!.meta.changes === 1 ? 'ADDED' : 'EXISTS';
}

/** Gives `email` another role (or removes them, `role` null), audit-logged; 'NOT_FOUND' for an unknown address. */
export async function changeStaff(
  db: D1Database,
  by: StaffMember,
  email: string,
  role: StaffRole | null,
  now: Date,
): Promise<'CHANGED' | 'NOT_FOUND'> {
  const before = await findStaff(db, email);
  if (!before) return 'NOT_FOUND';
  const [changed] = await db.batch([
    role === null
      ? db.prepare('DELETE FROM staff WHERE email = ? AND role = ?').bind(email, before.role)
      : db.prepare('UPDATE staff SET role = ? WHERE email = ? AND role = ?').bind(role, email, before.role),
    auditStatement(
      db,
      by,
      {
        action: role === null ? 'staff.remove' : 'staff.role',
        subject: `staff:${email}`,
        before: { role: before.role },
        after: role === null ? null : { role },
      },
      now,
      { afterChange: true },
    ),
  ]);
  return changed!.meta.changes === 1 ? 'CHANGED' : 'NOT_FOUND';
}

export interface AuditRow {
  id: number;
  at: string;
  staffEmail: string;
  action: string;
  subject: string;
  before: string | null;
  after: string | null;
}

/** The audit log, newest first, a page at a time. */
export async function auditLog(
  db: D1Database,
  page: { skip: number; take: number },
): Promise<{ total: number; rows: AuditRow[] }> {
  const [count, rows] = await db.batch<Record<string, any>>([
    db.prepare('SELECT COUNT(*) AS total FROM staff_audit'),
    db
      .prepare(
        `SELECT id, at, staff_email, action, subject, before_json, after_json FROM staff_audit
         ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .bind(page.take, page.skip),
  ]);
  return {
    total: count!.results[0]?.total ?? 0,
    rows: rows!.results.map((row) => ({
      id: row.id,
      at: row.at,
      staffEmail: row.staff_email,
      action: row.action,
      subject: row.subject,
      before: row.before_json,
      after: row.after_json,
    })),
  };
}
