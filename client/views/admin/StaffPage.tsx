/** The owner's page of staff (issue 27): who may use the back office, with which role. */
import type { AdminTranslate } from '../../../locales/admin';
import { Table } from './parts';

type Role = 'owner' | 'staff' | 'viewer';
const ROLES: readonly Role[] = ['owner', 'staff', 'viewer'];

export interface StaffPageProps {
  at: AdminTranslate;
  /** The signed-in owner: their own row cannot be changed from here. */
  self: string;
  /** ADMIN_OWNER, the owner whatever the table says. */
  configuredOwner: string | null;
  staff: { email: string; role: Role; added: string; addedBy: string }[];
}

function RoleSelect({ at, value, id }: { at: AdminTranslate; value?: Role; id?: string }) {
  return (
    <select name="role" defaultValue={value ?? 'staff'} id={id}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {at(`roles.${role}`)}
        </option>
      ))}
    </select>
  );
}

export function StaffPage({ at, self, configuredOwner, staff }: StaffPageProps) {
  return (
    <>
      <h1>{at('staff.title')}</h1>
      {configuredOwner ? (
        <p>
          {at('staff.configuredOwner')}: <strong>{configuredOwner}</strong>
        </p>
      ) : null}
      <Table
        caption={at('staff.title')}
        head={[at('staff.email'), at('staff.role'), at('staff.added'), at('staff.addedBy'), '']}
      >
        {staff.map((member) => (
          <tr key={member.email}>
            <td>{member.email}</td>
            <td>
              {member.email === self ? (
                at(`roles.${member.role}`)
              ) : (
                <form className="admin-form" method="post" action="/admin/staff/role">
                  <input type="hidden" name="email" value={member.email} />
                  <label>
                    <span className="admin-skip">{`${at('staff.role')} ${member.email}`}</span>
                    <RoleSelect at={at} value={member.role} />
                  </label>
                  <button className="admin-button" type="submit">
                    {at('staff.change')}
                  </button>
                </form>
              )}
            </td>
            <td>{member.added}</td>
            <td>{member.addedBy}</td>
            <td>
              {member.email === self ? null : (
                <form className="admin-form" method="post" action="/admin/staff/remove">
                  <input type="hidden" name="email" value={member.email} />
                  <button className="admin-button admin-button--danger" type="submit">
                    {at('common.remove')}
                    <span className="admin-skip"> {member.email}</span>
                  </button>
                </form>
              )}
            </td>
          </tr>
        ))}
      </Table>
      <h2>{at('staff.addTitle')}</h2>
      <form className="admin-form admin-panel" method="post" action="/admin/staff">
        <label>
          {at('staff.email')}
          <input type="email" name="email" required maxLength={254} autoComplete="off" />
        </label>
        <label>
          {at('staff.role')}
          <RoleSelect at={at} />
        </label>
        <button className="admin-button admin-button--primary" type="submit">
          {at('staff.add')}
        </button>
      </form>
    </>
  );
}
