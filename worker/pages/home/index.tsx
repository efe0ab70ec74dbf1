/** The start page (spec §2 `/`), or the configured root redirect (default status 302). */
import { HomePage } from '../../../client/views/pages/HomePage';
import type { WidgetAreaData } from '../../../client/views/components/widgets/types';
import { pageTitle, renderPage } from '../../render/renderer';
import { routeAlternates } from '../../urls/seo';
import { deferred, type PageHandler } from '../types';
import { renderAhead } from '../../render/render-ahead';
import { loadWidgetArea, showsNewItems, widgetPromises } from '../widgets';

/** The widget area family of the start page (worker/commerce/content/content.ts). */
/** The front page's widget area, by the names Geins gives it (issue 25). */
export const FRONTPAGE = { family: 'Frontpage', areaName: 'The front page area' };
/** Products in the new-items shelf when the editors' area has none. */
const NEW_ITEMS_SHOWN = 8;

export const homePage: PageHandler = async (c, loaders) => {
  const redirect = c.get('config').rootRedirect;
  if (redirect && c.req.path === '/') return c.redirect(redirect.path + new URL(c.req.url).search, redirect.status);
  const campaigns = deferred(loaders.currentCampaigns(c), 'current campaigns');
  // The area is the top of the page, so it is awaited (one cached read); the page still works without it.
  const area: WidgetAreaData | null = await loadWidgetArea(c, loaders, FRONTPAGE).catch((error: unknown) => {
    console.error('start page widget area failed', error);
    return null;
  });
  const data = {
    area,
    campaigns,
    newItems: showsNewItems(area)
      ? null
      : deferred(loaders.productShelf(c, { sort: 'LATEST', take: NEW_ITEMS_SHOWN }), 'start page new items'),
  };
  const prerender = await renderAhead([data.campaigns, data.newItems, ...widgetPromises(area)]);
  return renderPage(c, <HomePage data={data} />, {
    title: pageTitle(c),
    alternates: routeAlternates(c, 'index'),
    prerender,
  });
};
