/**
 * The account page (spec §2 `/account`, issue 13): log in, create an account, forgot password for a
 * guest; who is logged in and log out for a customer. `?redirect=` (a path on this site, where the
 * shopper came from, e.g. the header's link) is where a login lands. The page is the shopper's own:
 * not indexed, never cached.
 */
import * as v from 'valibot';
import { AccountPage } from '../../../client/views/pages/AccountPage';
import { pageTitle, renderPage } from '../../render/renderer';
import { routeAlternates } from '../../urls/seo';
import { SameSitePath } from '../../urls/same-site';
import { hrefFor } from '../../urls/links';
import { takeAccountFormState } from '../../session/account-form';
import type { PageHandler } from '../types';

export const accountPage: PageHandler = async (c) => {
  const t = c.get('t');
  const page = hrefFor(c, 'account', c.get('locale'));
  const asked = v.safeParse(SameSitePath, c.req.query('redirect'));
  // Landing back on an API path (a form endpoint) would answer 404 or repeat a form: the page instead.
  const redirect = asked.success && !asked.output.startsWith('/api/') ? asked.output : page;
  const state = takeAccountFormState(c);
  const signedIn = c.get('customer');
  const customer = signedIn ? { email: signedIn.email, customerType: c.get('customerType') } : null;
  c.header('Cache-Control', 'private, no-store');
  return renderPage(
    c,
    <AccountPage
      page={redirect === page ? page : `${page}?redirect=${encodeURIComponent(redirect)}`}
      redirect={redirect}
      state={state}
      customer={customer}
    />,
    {
      title: pageTitle(c, customer ? t('account.overviewTitle') : t('account.title')),
      description: t('account.intro'),
      alternates: routeAlternates(c, 'account'),
      noindex: true,
      prerender: true,
    },
  );
};
