/**
 * Content pages (spec §2): the catch-all `/{alias}` and `/content/{alias}` show the content page with that
 * alias — its title, its widget area and breadcrumbs home → page. Aliases are per language: a page asked
 * for by another language's alias on the catch-all answers 301 to this language's alias, and hreflang
 * names each language's own path. No page with the alias: the URL history may still know the path (301),
 * else 404 — the catch-all sees every unmatched one-segment path, so it must end exactly as app.notFound does.
 */
import { ContentPage } from '../../../client/views/pages/ContentPage';
import type { Locale } from '../../../locales';
import { hrefFor } from '../../urls/links';
import { aliasesOfContentPage, contentPagesByLocale, type ContentPagesByLocale } from '../../urls/page-aliases';
import { pageTitle, renderPage } from '../../render/renderer';
import { movedOrNotFound } from '../not-found/index';
import { routeAlternates } from '../../urls/seo';
import { widgetPreviewPage } from '../preview-widgets/index';
import { contentPageList } from './list';
import type { PageHandler } from '../types';
import { renderAhead } from '../../render/render-ahead';
import { loadWidgetArea, widgetPromises } from '../widgets';
import { publicOrigin, queryOf } from '../../urls/request';
import { listItems } from '../../../core/graphql/list-items';

/** The widget area family of content pages (worker/commerce/content/content.ts). */
const CONTENT_FAMILY = 'Content';

/** The id of the page whose alias is `alias`: in the request's language first, else in any language. */
function pageIdOf(pages: ContentPagesByLocale, locale: Locale, alias: string): number | null {
  const own = listItems(pages[locale]).find((page) => page.alias === alias);
  if (own) return own.id;
  for (const list of Object.values(pages)) {
    const other = listItems(list).find((page) => page.alias === alias);
    if (other) return other.id;
  }
  return null;
}

export const contentPage: PageHandler = async (c, loaders) => {
  const route = c.get('route');
  const alias = route?.params.alias;
  // `/content` without an alias is the widget preview (spec §2 `/content/{preview?}`).
  if (!alias) return widgetPreviewPage(c, loaders);
  const locale = c.get('locale');
  const [area, pages, siblings] = await Promise.all([
    loadWidgetArea(c, loaders, { family: CONTENT_FAMILY, alias }),
    contentPagesByLocale(c),
    contentPageList(c),
  ]);
  const pageId = area ? pageIdOf(pages, locale, alias) : null;
  if (!area || pageId === null) return movedOrNotFound(c);

  const aliases = aliasesOfContentPage(pages, pageId);
  const ownAlias = aliases[locale] ?? alias;
  const ownPath = hrefFor(c, 'content-page', locale, { alias: ownAlias });
  if (route?.screen === 'content-page' && ownAlias !== alias) return c.redirect(ownPath + queryOf(c.req.url), 301);

  const prerender = await renderAhead(widgetPromises(area));
  const title = area.title ?? ownAlias;
  return renderPage(c, <ContentPage title={title} alias={ownAlias} area={area} pages={siblings} />, {
    title: pageTitle(c, title),
    description: area.meta.description ?? undefined,
    prerender,
    canonical: publicOrigin(c) + ownPath,
    alternates: routeAlternates(c, 'content-page', (other) => {
      const otherAlias = aliases[other];
      return otherAlias ? [{ alias: otherAlias }] : null;
    }),
  });
};
