/**
 * The widget preview (spec §2 `/preview-widgets`, `/content` without an alias): for editors, every widget of
 * one area in order, each labelled with its type and width — the start page's area by default, a content
 * page's with `?alias=`. Widgets are read with `preview: true`; the page is never indexed.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { WidgetPreviewPage } from '../../../client/views/pages/WidgetPreviewPage';
import type { AppEnv } from '../../app-env';
import { pageTitle, renderPage } from '../../render/renderer';
import { contentPageList } from '../content/list';
import type { PageHandler } from '../types';
import type { PageLoaders } from '../loaders';
import { renderAhead } from '../../render/render-ahead';
import { loadWidgetArea, widgetPromises } from '../widgets';
import { FRONTPAGE } from '../home';

/** `?alias=` names a content page; anything else (or nothing) shows the start page's area. */
const PreviewQuery = v.object({
  alias: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
});

export async function widgetPreviewPage(c: Context<AppEnv>, loaders: PageLoaders): Promise<Response> {
  const parsed = v.safeParse(PreviewQuery, { alias: c.req.query('alias') });
  const alias = parsed.success ? parsed.output.alias : '';
  const [area, choices] = await Promise.all([
    loadWidgetArea(c, loaders, alias ? { family: 'Content', alias, preview: true } : { ...FRONTPAGE, preview: true }),
    contentPageList(c),
  ]);
  const prerender = await renderAhead(widgetPromises(area));
  const action = new URL(c.req.url).pathname;
  return renderPage(c, <WidgetPreviewPage area={area} choices={choices} selected={alias} action={action} />, {
    title: pageTitle(c, c.get('t')('content.previewTitle')),
    noindex: true,
    prerender,
  });
}

export const previewWidgetsPage: PageHandler = (c, loaders) => widgetPreviewPage(c, loaders);
