import { describe, expect, test } from 'vitest';
import { env, graphql } from '../helpers';

const CMS_PAGES = /* GraphQL */ `
  query cmsPages($includeTags: [String], $languageId: String) {
    cmsPages(includeTags: $includeTags, languageId: $languageId) {
      id
      title
      alias
      canonicalUrl
      meta {
        title
        description
      }
    }
  }
`;

describe('cmsPages', () => {
  test('lists every content page with its Finnish alias, title, meta and URL', async () => {
    const { results } = await env.DB.prepare(
      `SELECT page_id AS id, alias, title, meta_title AS metaTitle, meta_description AS metaDescription
       FROM content_page_texts WHERE language_id = 'fi-FI' ORDER BY page_id`,
    ).all<{ id: number; alias: string; title: string; metaTitle: string; metaDescription: string }>();
    const { data, errors } = await graphql(CMS_PAGES, { languageId: 'fi-FI' });
    expect(errors).toBeUndefined();
    expect(data?.cmsPages).toEqual(
      results.map((page) => ({
        id: page.id,
        title: page.title,
        alias: page.alias,
        canonicalUrl: `/${page.alias}`,
        meta: { title: page.metaTitle, description: page.metaDescription },
      })),
    );
    expect(data?.cmsPages.map((p: { alias: string }) => p.alias)).toContain('tietoa-meista');
  });

  test('asking for pages with a tag finds none, since no seeded page is tagged', async () => {
    const { data } = await graphql(CMS_PAGES, { includeTags: ['kampanj'], languageId: 'fi-FI' });
    expect(data?.cmsPages).toEqual([]);
  });
});
