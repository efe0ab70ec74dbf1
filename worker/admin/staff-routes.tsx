/**
 * The owner's pages (issue 27): /admin/staff, who may use the back office and with which role, and
 * /admin/audit, every staff write. Changing staff is itself audit-logged; an owner cannot change their own
 * row (nobody locks the shop out by a slip), and ADMIN_OWNER stays the owner whatever the table says.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { StaffPage } from '../../client/views/admin/StaffPage';
import { AuditPage } from '../../client/views/admin/AuditPage';
import { doneTo, ownerOnly, type AdminEnv } from './context';
import { renderAdmin } from './render';
import { adminDateTime, pageOf, pagesOf } from './pages';
import { addStaff, auditLog, changeStaff, listStaff, STAFF_ROLES } from './staff';

const Email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email());
const Role = v.picklist(STAFF_ROLES);
const StaffForm = v.object({ email: Email, role: Role });
const PER_PAGE = 50;

/** JSON of an audit row's record, indented for reading (as it was stored when it does not parse). */
function readable(json: string | null): string {
  if (json === null) return '';
  try {
    return JSON.stringify(JSON.parse(json), null, 1);
  } catch {
    return json;
  }
}

export function staffRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.use('*', ownerOnly);

  routes.get('/staff', async function staffPage(c) {
    const staff = await listStaff(c.env.DB);
    return renderAdmin(c, {
      title: c.var.at('staff.title'),
      body: (
        <StaffPage
          at={c.var.at}
          self={c.var.staff.email}
          configuredOwner={c.var.config.staffAccess.owner}
          staff={staff.map((member) => ({
            email: member.email,
            role: member.role,
            added: adminDateTime(c, member.addedAt),
            addedBy: member.addedBy,
          }))}
        />
      ),
    });
  });

  routes.post('/staff', async function addToStaff(c) {
    const form = v.safeParse(StaffForm, await c.req.parseBody());
    if (!form.success) return doneTo(c, '/admin/staff', 'staff.invalid', undefined, 'error');
    const { email, role } = form.output;
    if (email === c.var.staff.email) return doneTo(c, '/admin/staff', 'staff.self', undefined, 'error');
    const result = await addStaff(c.env.DB, c.var.staff, email, role, new Date());
    if (result === 'EXISTS') return doneTo(c, '/admin/staff', 'staff.exists', { email }, 'error');
    return doneTo(c, '/admin/staff', 'staff.added_notice', { email });
  });

  routes.post('/staff/:change{role|remove}', async function changeRole(c) {
    const removing = c.req.param('change') === 'remove';
    const form = v.safeParse(removing ? v.object({ email: Email }) : StaffForm, await c.req.parseBody());
    if (!form.success) return doneTo(c, '/admin/staff', 'staff.invalid', undefined, 'error');
    const email = form.output.email;
    if (email === c.var.staff.email) return doneTo(c, '/admin/staff', 'staff.self', undefined, 'error');
    const role = 'role' in form.output ? form.output.role : null;
    const result = await changeStaff(c.env.DB, c.var.staff, email, role, new Date());
    if (result === 'NOT_FOUND') return doneTo(c, '/admin/staff', 'staff.notFound', undefined, 'error');
    return role === null
      ? doneTo(c, '/admin/staff', 'staff.removed', { email })
      : doneTo(c, '/admin/staff', 'staff.changed', { email, role: c.var.at(`roles.${role}`) });
  });

  routes.get('/audit', async function auditPage(c) {
    const { page, skip, take } = pageOf(c, PER_PAGE);
    const { total, rows } = await auditLog(c.env.DB, { skip, take });
    return renderAdmin(c, {
      title: c.var.at('audit.title'),
      body: (
        <AuditPage
          at={c.var.at}
          page={page}
          pages={pagesOf(total, PER_PAGE)}
          rows={rows.map((row) => ({
            id: row.id,
            when: adminDateTime(c, row.at),
            who: row.staffEmail,
            action: row.action,
            subject: row.subject,
            before: readable(row.before),
            after: readable(row.after),
          }))}
        />
      ),
    });
  });

  return routes;
}
