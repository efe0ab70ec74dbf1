/**
 * Renders a back-office page: the page's view inside the admin document, in the staff member's language,
 * with the sections their role and this deployment offer. Admin pages are small and never kept: they are
 * rendered to a string and sent whole.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server.edge';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AdminDocument, type AdminNavItem } from '../../client/views/admin/AdminDocument';
import type { AdminKey } from '../../locales/admin';
import { ASSETS } from '../generated/assets';
import { mayManageStaff, type StaffMember } from './staff';
import type { AdminContext } from './context';
import { runsBuiltInApi, takeNotice } from './context';

interface Section {
  path: `/admin${string}`;
  label: AdminKey;
  offered: (member: StaffMember, builtIn: boolean) => boolean;
}

/** The back office's sections, in the navigation's order. */
const SECTIONS: readonly Section[] = [
  { path: '/admin', label: 'nav.home', offered: () => true },
  { path: '/admin/orders', label: 'nav.orders', offered: (_member, builtIn) => builtIn },
  { path: '/admin/returns', label: 'nav.returns', offered: (_member, builtIn) => builtIn },
  { path: '/admin/products', label: 'nav.products', offered: (_member, builtIn) => builtIn },
  { path: '/admin/import', label: 'nav.import', offered: (_member, builtIn) => builtIn },
  { path: '/admin/customers', label: 'nav.customers', offered: (_member, builtIn) => builtIn },
  { path: '/admin/reviews', label: 'nav.reviews', offered: (_member, builtIn) => builtIn },
  { path: '/admin/mail', label: 'nav.mail', offered: () => true },
  { path: '/admin/staff', label: 'nav.staff', offered: (member) => mayManageStaff(member) },
  { path: '/admin/api-keys', label: 'nav.apiKeys', offered: (member, builtIn) => builtIn && mayManageStaff(member) },
  // The theme is the storefront's own (spec §3): the owner's, in front of a remote API too.
  { path: '/admin/theme', label: 'nav.theme', offered: (member) => mayManageStaff(member) },
  { path: '/admin/audit', label: 'nav.audit', offered: (member) => mayManageStaff(member) },
];

function navOf(c: AdminContext, member: StaffMember | undefined): AdminNavItem[] {
  if (!member) return [];
  const builtIn = runsBuiltInApi(c);
  const path = c.req.path;
  return SECTIONS.filter((section) => section.offered(member, builtIn)).map((section) => ({
    href: section.path,
    label: c.var.at(section.label),
    current: section.path === '/admin' ? path === '/admin' || path === '/admin/' : path.startsWith(section.path),
  }));
}

export interface AdminPage {
  title: string;
  body: ReactNode;
  status?: ContentfulStatusCode;
  script?: string;
  /** Load the page again after this many seconds (progress without a script). */
  refresh?: number;
}

/** The page `page` as the signed-in staff member (or, before sign-in, anyone) sees it. */
export function renderAdmin(c: AdminContext, page: AdminPage): Response {
  const member = c.var.staff as StaffMember | undefined;
  const nonce = c.var.secureHeadersNonce;
  const html = renderToString(
    <AdminDocument
      lang={c.var.adminLocale}
      title={page.title}
      stylesheet={ASSETS.adminStylesheet}
      at={c.var.at}
      signedInAs={
        member
          ? c.var.at('shell.signedInAs', { email: member.email, role: c.var.at(`roles.${member.role}`) })
          : undefined
      }
      nav={navOf(c, member)}
      path={c.req.path}
      notice={member ? takeNotice(c) : null}
      script={page.script ? { src: page.script, nonce } : undefined}
      refresh={page.refresh}
    >
      {page.body}
    </AdminDocument>,
  );
  return c.html(`<!doctype html>${html}`, page.status ?? 200);
}

/** A page that only says something: a refusal, or a record that is not there. */
export function renderAdminMessage(
  c: AdminContext,
  status: ContentfulStatusCode,
  title: AdminKey,
  text: AdminKey,
): Response {
  return renderAdmin(c, {
    title: c.var.at(title),
    status,
    body: (
      <>
        <h1>{c.var.at(title)}</h1>
        <p>{c.var.at(text)}</p>
      </>
    ),
  });
}
