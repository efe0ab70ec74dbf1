/** The start page (spec §2 `/`), or the configured root redirect (default status 302). */
import { HomePage, type HomePageData } from '../../client/pages/HomePage';
import { pageTitle, renderPage } from '../render';
import { routeAlternates } from '../seo';
import { deferred, type PageHandler } from './types';

export const homePage: PageHandler = (c, loaders) => {
  const redirect = c.var.config.rootRedirect;
  if (redirect && c.req.path === '/') return c.redirect(redirect.path + new URL(c.req.url).search, redirect.status);
  const data: HomePageData = {
    newItems: deferred(loaders.homeProducts(c, 'LATEST', 12), 'home new items'),
    popular: deferred(loaders.homeProducts(c, 'MOST_SOLD', 8), 'home popular products'),
  };
  return renderPage(c, <HomePage data={data} />, { title: pageTitle(c), alternates: routeAlternates(c, 'index') });
};
