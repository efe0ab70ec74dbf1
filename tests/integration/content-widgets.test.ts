import { describe, expect, test } from 'vitest';
import { env, graphql } from '../helpers';
import widgetAreaOperation from '../fixtures/ralph-operations/global/widget-area.graphql?raw';
import metaFragment from '../fixtures/ralph-operations/global/meta.graphql?raw';

/** The reference storefront's widgetArea operation with its imported fragment. */
const WIDGET_AREA = `${metaFragment}\n${widgetAreaOperation}`;

const CONTENT_AREA = /* GraphQL */ `
  query contentArea($family: String, $alias: String, $url: String, $languageId: String) {
    widgetArea(family: $family, alias: $alias, url: $url, languageId: $languageId) {
      name
      familyName
      title
      meta {
        title
        description
      }
      containers {
        layout
        widgets {
          id
          type
          size
          configuration
        }
      }
    }
  }
`;

interface Container {
  layout: string;
  widgets: {
    name: string;
    configuration: string;
    images: { fileName: string; largestSize: { imageWidth: number; imageHeight: number } | null }[];
  }[];
}

/** The seeded configurations of an area's widgets in a language, in container and sort order. */
async function seededConfigurations(areaId: number, languageId: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT c.configuration FROM widgets w JOIN widget_configs c ON c.widget_id = w.id AND c.language_id = ?
     WHERE w.area_id = ? ORDER BY w.container, w.sort_order`,
  )
    .bind(languageId, areaId)
    .all<{ configuration: string }>();
  return results.map((row) => row.configuration);
}

async function frontpageAreaId(): Promise<number> {
  const row = await env.DB.prepare(`SELECT id FROM widget_areas WHERE family = 'Frontpage' AND page_id IS NULL`).first<{
    id: number;
  }>();
  return row!.id;
}

describe('widgetArea', () => {
  test('the front page area in Swedish returns every seeded widget in order, configured in Swedish', async () => {
    const { data, errors } = await graphql(WIDGET_AREA, {
      family: 'Frontpage',
      areaName: 'main',
      languageId: 'sv-SE',
      marketId: 'se',
    });
    expect(errors).toBeUndefined();
    const containers = data?.widgetArea.containers as Container[];
    const configurations = containers.flatMap((c) => c.widgets.map((w) => w.configuration));
    expect(configurations).toEqual(await seededConfigurations(await frontpageAreaId(), 'sv-SE'));
    expect(JSON.parse(configurations[0]!).title).toBe('Vinterrea – upp till 30 % rabatt');
    expect(containers[0]!.widgets[0]!.name).toBe('Banner');
  });

  test('the front page area in English returns the English configuration of the same widgets', async () => {
    const { data } = await graphql(WIDGET_AREA, { family: 'Frontpage', languageId: 'en-US' });
    const containers = data?.widgetArea.containers as Container[];
    const configurations = containers.flatMap((c) => c.widgets.map((w) => w.configuration));
    expect(configurations).toEqual(await seededConfigurations(await frontpageAreaId(), 'en-US'));
    expect(JSON.parse(configurations[0]!).title).toBe('Winter sale – up to 30% off');
  });

  test('two half-width widgets share one container whose layout is half', async () => {
    const { data } = await graphql(WIDGET_AREA, { family: 'Frontpage' });
    const containers = data?.widgetArea.containers as Container[];
    const half = containers.filter((c) => c.layout === 'half');
    expect(half).toHaveLength(1);
    expect(half[0]!.widgets.map((w) => w.name)).toEqual(['Text', 'Banner']);
    expect(containers.filter((c) => c.layout === 'full').every((c) => c.widgets.length === 1)).toBe(true);
  });

  test('a banner lists its image with the intrinsic size of the image file', async () => {
    const { data } = await graphql(WIDGET_AREA, { family: 'Frontpage' });
    const banner = (data?.widgetArea.containers as Container[])[0]!.widgets[0]!;
    const fileName = JSON.parse(banner.configuration).image as string;
    const file = await env.DB.prepare('SELECT width, height FROM product_images WHERE file_name = ? LIMIT 1')
      .bind(fileName)
      .first<{ width: number; height: number }>();
    expect(banner.images).toEqual([{ fileName, largestSize: { imageWidth: file!.width, imageHeight: file!.height } }]);
  });

  test('a widget with no configuration in the language falls back to its Swedish configuration', async () => {
    const areaId = await frontpageAreaId();
    const swedishOnly = JSON.stringify({ title: 'Bara på svenska', html: '<p>Hej</p>' });
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO widgets (id, area_id, container, sort_order, type, size) VALUES (900, ?, 99, 1, 'TEXT', 'FULL')`,
      ).bind(areaId),
      env.DB.prepare(
        `INSERT INTO widget_configs (widget_id, language_id, configuration) VALUES (900, 'sv-SE', ?)`,
      ).bind(swedishOnly),
    ]);
    try {
      const { data } = await graphql(WIDGET_AREA, { family: 'Frontpage', languageId: 'fi-FI' });
      const last = (data?.widgetArea.containers as Container[]).at(-1)!;
      expect(last.widgets.map((w) => w.configuration)).toEqual([swedishOnly]);
    } finally {
      await env.DB.batch([
        env.DB.prepare('DELETE FROM widget_configs WHERE widget_id = 900'),
        env.DB.prepare('DELETE FROM widgets WHERE id = 900'),
      ]);
    }
  });

  test("a content page's area is found by the page's alias in the language, with the page's title and meta", async () => {
    const page = await env.DB.prepare(
      `SELECT page_id AS pageId, alias, title, meta_title AS metaTitle, meta_description AS metaDescription
       FROM content_page_texts WHERE language_id = 'da-DK' AND alias = 'om-os'`,
    ).first<{ pageId: number; alias: string; title: string; metaTitle: string; metaDescription: string }>();
    const { data, errors } = await graphql(CONTENT_AREA, { family: 'Content', alias: 'om-os', languageId: 'da-DK' });
    expect(errors).toBeUndefined();
    expect(data?.widgetArea).toMatchObject({
      familyName: 'Content',
      title: page!.title,
      meta: { title: page!.metaTitle, description: page!.metaDescription },
    });
    const area = await env.DB.prepare(`SELECT id FROM widget_areas WHERE family = 'Content' AND page_id = ?`)
      .bind(page!.pageId)
      .first<{ id: number }>();
    const widgets = (data?.widgetArea.containers as { widgets: { configuration: string }[] }[]).flatMap((c) =>
      c.widgets.map((w) => w.configuration),
    );
    expect(widgets).toEqual(await seededConfigurations(area!.id, 'da-DK'));
    expect(JSON.parse(widgets[0]!).html).toContain('Kontorsgiganten er en nordisk netbutik');
  });

  test('the catch-all route can ask by url alone, and a Swedish alias still finds its page in English', async () => {
    const byUrl = await graphql(CONTENT_AREA, { url: '/en/about-us', languageId: 'en-US' });
    expect(byUrl.data?.widgetArea.title).toBe('About us');
    const bySwedishAlias = await graphql(CONTENT_AREA, { family: 'Content', alias: 'kopvillkor', languageId: 'en-US' });
    expect(bySwedishAlias.data?.widgetArea.title).toBe('Terms and conditions');
  });

  test('an unknown alias answers null, not another page and not an error', async () => {
    const { data, errors } = await graphql(CONTENT_AREA, {
      family: 'Content',
      alias: 'finns-inte',
      languageId: 'sv-SE',
    });
    expect(errors).toBeUndefined();
    expect(data?.widgetArea).toBeNull();
    const unknownFamily = await graphql(CONTENT_AREA, { family: 'Productlist', languageId: 'sv-SE' });
    expect(unknownFamily.data?.widgetArea).toBeNull();
  });

  test('arguments of the wrong shape are refused before anything is read', async () => {
    const { data, errors } = await graphql(
      `query { widgetArea(family: "Frontpage", areaName: "${'x'.repeat(101)}") { name } }`,
    );
    expect(data?.widgetArea).toBeNull();
    expect(errors?.[0]?.message).toMatch(/areaName/);
  });
});
