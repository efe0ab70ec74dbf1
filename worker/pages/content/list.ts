/** Every content page's alias and title in the request's language (the content pages' own menu, the preview). */
import type { Context } from 'hono';
import type { ContentPageLink } from '../../../client/views/pages/ContentPage';
import type { AppEnv } from '../../app-env';
import { graphql } from '../../../core/graphql/tada';
import { listItems } from '../../../core/graphql/list-items';

export const CONTENT_PAGE_LIST = graphql(/* GraphQL */ `
  query contentPageList($channelId: String, $languageId: String, $marketId: String) {
    cmsPages(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      alias
      title
    }
  }
`);

/** The content pages in the API's order; an empty list when they cannot be read (the page still shows). */
export async function contentPageList(c: Context<AppEnv>): Promise<ContentPageLink[]> {
  try {
    const data = await c.get('graphql').query(CONTENT_PAGE_LIST);
    return listItems(data.cmsPages).flatMap((page) =>
      page.alias ? [{ alias: page.alias, title: page.title ?? page.alias }] : [],
    );
  } catch (error) {
    console.error('content page list failed', error);
    return [];
  }
}
