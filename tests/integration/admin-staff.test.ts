// Issue 27: the owner decides who works in the back office. Adding, changing and removing staff is
// audit-logged; an owner cannot change their own row; a staff member cannot reach any of it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { addStaffMember, admin, noticeCookie, OWNER, serveTeamCerts, textOf } from './admin-helpers';

let stop: () => void;
beforeAll(async () => {
  stop = await serveTeamCerts();
});
afterAll(() => stop());

const roleOf = async (email: string) =>
  (await env.DB.prepare('SELECT role FROM staff WHERE email = ?').bind(email).first<{ role: string }>())?.role ?? null;
const noticeAfter = async (response: Response) =>
  textOf(await (await admin('/admin/staff', { as: OWNER, cookie: noticeCookie(response) })).text());

describe('the owner’s staff page', () => {
  test('the owner adds a person, who then gets in with that role', async () => {
    expect((await admin('/admin', { as: 'ny@kontorsgiganten.se' })).status).toBe(403);
    const added = await admin('/admin/staff', {
      as: OWNER,
      form: { email: ' Ny@Kontorsgiganten.se ', role: 'viewer' },
    });
    expect(added.status).toBe(303);
    expect(await noticeAfter(added)).toContain('ny@kontorsgiganten.se är tillagd.');
    expect(await roleOf('ny@kontorsgiganten.se')).toBe('viewer');
    expect(textOf(await (await admin('/admin', { as: 'ny@kontorsgiganten.se' })).text())).toContain(
      'Inloggad som ny@kontorsgiganten.se (läsbehörighet)',
    );
    const again = await admin('/admin/staff', { as: OWNER, form: { email: 'ny@kontorsgiganten.se', role: 'owner' } });
    expect(await noticeAfter(again)).toContain('ny@kontorsgiganten.se finns redan.');
    expect(await roleOf('ny@kontorsgiganten.se')).toBe('viewer');
  });

  test('a role changed or removed takes effect on the next request, and both are logged', async () => {
    await addStaffMember('flytt@kontorsgiganten.se', 'staff');
    const changed = await admin('/admin/staff/role', {
      as: OWNER,
      form: { email: 'flytt@kontorsgiganten.se', role: 'viewer' },
    });
    expect(await noticeAfter(changed)).toContain('flytt@kontorsgiganten.se har nu rollen läsbehörighet.');
    const removed = await admin('/admin/staff/remove', { as: OWNER, form: { email: 'flytt@kontorsgiganten.se' } });
    expect(await noticeAfter(removed)).toContain('flytt@kontorsgiganten.se är borttagen.');
    expect((await admin('/admin', { as: 'flytt@kontorsgiganten.se' })).status).toBe(403);
    const { results } = await env.DB.prepare(
      "SELECT staff_email, action, before_json, after_json FROM staff_audit WHERE subject = 'staff:flytt@kontorsgiganten.se' ORDER BY id",
    ).all();
    expect(results).toEqual([
      { staff_email: OWNER, action: 'staff.role', before_json: '{"role":"staff"}', after_json: '{"role":"viewer"}' },
      { staff_email: OWNER, action: 'staff.remove', before_json: '{"role":"viewer"}', after_json: 'null' },
    ]);
  });

  test('bad input, an unknown person and the owner’s own row change nothing', async () => {
    const bad = await admin('/admin/staff', { as: OWNER, form: { email: 'inte-en-adress', role: 'staff' } });
    expect(await noticeAfter(bad)).toContain('Ange en giltig e-postadress och en roll.');
    const badRole = await admin('/admin/staff', { as: OWNER, form: { email: 'x@kontorsgiganten.se', role: 'admin' } });
    expect(await noticeAfter(badRole)).toContain('Ange en giltig e-postadress och en roll.');
    expect(await roleOf('x@kontorsgiganten.se')).toBeNull();
    const unknown = await admin('/admin/staff/remove', { as: OWNER, form: { email: 'okand@kontorsgiganten.se' } });
    expect(await noticeAfter(unknown)).toContain('Personen finns inte.');
    await addStaffMember('chef@kontorsgiganten.se', 'owner');
    const self = await admin('/admin/staff/role', {
      as: 'chef@kontorsgiganten.se',
      form: { email: 'chef@kontorsgiganten.se', role: 'viewer' },
    });
    expect(self.status).toBe(303);
    expect(await roleOf('chef@kontorsgiganten.se')).toBe('owner');
  });

  test('a staff member cannot add staff, even by posting the form', async () => {
    await addStaffMember('personal@kontorsgiganten.se', 'staff');
    const response = await admin('/admin/staff', {
      as: 'personal@kontorsgiganten.se',
      form: { email: 'kompis@kontorsgiganten.se', role: 'owner' },
    });
    expect(response.status).toBe(403);
    expect(textOf(await response.text())).toContain('Bara butikens ägare kan göra det här.');
    expect(await roleOf('kompis@kontorsgiganten.se')).toBeNull();
  });
});
