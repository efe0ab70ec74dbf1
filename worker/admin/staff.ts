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

/** The audit log's row for `entry`, to run in the same batch as the write it records. */
export function auditStatement(db: D1Database, member: StaffMember, entry: AuditEntry, now: Date): D1PreparedStatement {
  return db
    .prepare(
      'INSERT INTO staff_audit (at, staff_email, action, subject, before_json, after_json) VALUES (?, ?, ?, ?, ?, ?)',
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
  return email ? findStaff(c.env.DB, email) : null;
}
