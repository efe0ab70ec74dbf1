import { describe, expect, test } from 'vitest';
import { env, fetchWorker, graphql } from '../helpers';
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

/** The seeded widgets of an area in a language (type and stored configuration), in container and sort order. */
async function seededWidgets(areaId: number, languageId: string): Promise<{ type: string; configuration: string }[]> {
  const { results } = await env.DB.prepare(
    `SELECT w.type, c.configuration FROM widgets w JOIN widget_configs c ON c.widget_id = w.id AND c.language_id = ?
     WHERE w.area_id = ? ORDER BY w.container, w.sort_order`,
  )
    .bind(languageId, areaId)
    .all<{ type: string; configuration: string }>();
  return results;
}

/**
 * Runs `check` with one more widget (id `id`, Swedish configuration `configuration`) at the end of the front
 * page area, and takes it away after.
 */
async function withFrontPageWidget(
  widget: { id: number; container: number; type: string; configuration: unknown },
  check: () => Promise<void>,
): Promise<void> {
  const areaId = await frontpageAreaId();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO widgets (id, area_id, container, sort_order, type, size) VALUES (?, ?, ?, 1, ?, 'FULL')`,
    ).bind(widget.id, areaId, widget.container, widget.type),
    env.DB.prepare(`INSERT INTO widget_configs (widget_id, language_id, configuration) VALUES (?, 'sv-SE', ?)`).bind(
      widget.id,
      JSON.stringify(widget.configuration),
    ),
  ]);
  try {
    await check();
  } finally {
    await env.DB.batch([
      env.DB.prepare('DELETE FROM widget_configs WHERE widget_id = ?').bind(widget.id),
      env.DB.prepare('DELETE FROM widgets WHERE id = ?').bind(widget.id),
    ]);
  }
}

async function frontpageAreaId(): Promise<number> {
  const row = await env.DB.prepare(`SELECT id FROM widget_areas WHERE family = 'Frontpage' AND page_id IS NULL`).first<{
    id: number;
  }>();
  return row!.id;
}

describe('widgetArea', () => {
  test('the front page area, asked as the reference storefront asks for it, has every seeded widget in order', async () => {
    const { data, errors } = await graphql(WIDGET_AREA, {
      family: 'Frontpage',
      areaName: 'The front page area',
      languageId: 'sv-SE',
      marketId: 'se',
    });
    expect(errors).toBeUndefined();
    const containers = data?.widgetArea.containers as Container[];
    const widgets = containers.flatMap((c) => c.widgets);
    const seeded = await seededWidgets(await frontpageAreaId(), 'sv-SE');
    expect(widgets).toHaveLength(seeded.length);
    expect(widgets.map((w) => w.name)).toEqual(
      seeded.map(
        (w) =>
          ({
            BANNER: 'Banner',
            TEXT: 'Text',
            PRODUCT_LIST: 'Product list',
            CATEGORY_PUFFS: 'Category puffs',
            IMAGE: 'Image',
          })[w.type],
      ),
    );
    expect(containers[0]!.widgets[0]!.name).toBe('Banner');
    expect(JSON.parse(containers[0]!.widgets[0]!.configuration).text1).toBe('Vinterrea – upp till 30 % rabatt');
  });

  test('the front page area in English is configured in English', async () => {
    const { data } = await graphql(WIDGET_AREA, { family: 'Frontpage', languageId: 'en-US' });
    const containers = data?.widgetArea.containers as Container[];
    expect(JSON.parse(containers[0]!.widgets[0]!.configuration).text1).toBe('Winter sale – up to 30% off');
  });

  test('the configurations carry the fields the reference storefront’s widgets read (issue 25)', async () => {
    const { data } = await graphql(WIDGET_AREA, { family: 'Frontpage', languageId: 'sv-SE', marketId: 'se' });
    const widgets = (data?.widgetArea.containers as Container[]).flatMap((c) => c.widgets);
    const of = (name: string, index = 0) =>
      JSON.parse(widgets.filter((w) => w.name === name)[index]!.configuration) as Record<string, unknown>;
    // CaWidgetBanner: text1, text2, buttonText, textColor, placements; MixWidgetImage: image.filename, href.
    expect(of('Banner', 1)).toEqual({
      text1: 'Nyheter varje vecka',
      text2: 'Upptäck de senaste produkterna i vårt sortiment.',
      buttonText: 'Se nyheterna',
      textColor: 0,
      textAndButtonPlacement: 1,
      textAndButtonPlacementFullWidth: 1,
      classNames: '',
      image: {
        filename: 'gelpen-turquoise.svg',
        filenameForMobileDevice: 'gelpen-turquoise.svg',
        altText: 'Nyheter varje vecka',
        href: '/nyheter',
      },
    });
    // CaWidgetText: title, titleRenderMode, text (HTML), textAlignment.
    expect(of('Text')).toMatchObject({
      title: 'Välkommen till Kontorsgiganten',
      titleRenderMode: 'h2',
      textAlignment: 'left',
      text: expect.stringContaining('<strong>Fri frakt över 499 kr</strong>'),
    });
    // CaWidgetProductList: searchParameters as the products query's filter, pageCount rows.
    const gelPens = await env.DB.prepare(
      "SELECT category_id AS id FROM category_texts WHERE alias = 'gelpennor' AND language_id = 'sv-SE'",
    ).first<{ id: number }>();
    const lists = widgets.filter((w) => w.name === 'Product list').map((w) => JSON.parse(w.configuration));
    expect(lists.find((list) => list.title === 'Populära gelpennor')).toMatchObject({
      searchParameters: { sort: 'MOST_SOLD', categoryIds: [gelPens!.id] },
      pageCount: 2,
      limitNrOfRows: true,
    });
    expect(lists.find((list) => list.title === 'Nyheter')).toMatchObject({
      searchParameters: { sort: 'LATEST' },
      pageCount: 2,
    });
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
    const fileName = (JSON.parse(banner.configuration) as { image: { filename: string } }).image.filename;
    const file = await env.DB.prepare('SELECT width, height FROM product_images WHERE file_name = ? LIMIT 1')
      .bind(fileName)
      .first<{ width: number; height: number }>();
    expect(banner.images).toEqual([{ fileName, largestSize: { imageWidth: file!.width, imageHeight: file!.height } }]);
  });

  test('a widget with no configuration in the language falls back to its Swedish configuration', async () => {
    const swedishOnly = { title: 'Bara på svenska', html: '<p>Hej</p>' };
    await withFrontPageWidget({ id: 900, container: 99, type: 'TEXT', configuration: swedishOnly }, async () => {
      const { data } = await graphql(WIDGET_AREA, { family: 'Frontpage', languageId: 'fi-FI' });
      const last = (data?.widgetArea.containers as Container[]).at(-1)!;
      expect(last.widgets.map((w) => JSON.parse(w.configuration))).toEqual([
        { title: 'Bara på svenska', titleRenderMode: 'h2', subtitle: null, text: '<p>Hej</p>', textAlignment: 'left' },
      ]);
    });
  });

  test('a banner with a link and no picture keeps its link (Geins keeps it in image.href)', async () => {
    const linkOnly = { title: 'Bara text', href: '/nyheter' };
    await withFrontPageWidget({ id: 901, container: 98, type: 'BANNER', configuration: linkOnly }, async () => {
      const { data } = await graphql(WIDGET_AREA, { family: 'Frontpage', languageId: 'sv-SE' });
      const banner = (data?.widgetArea.containers as Container[]).at(-1)!.widgets[0]!;
      expect(JSON.parse(banner.configuration)).toMatchObject({
        text1: 'Bara text',
        image: { filename: null, filenameForMobileDevice: null, href: '/nyheter' },
      });
      const home = await (await fetchWorker('/')).text();
      expect(home).toContain('Bara text');
      expect(home).toMatch(/<a class="button button--primary banner__action" href="\/nyheter">/);
    });
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
    expect(widgets).toHaveLength((await seededWidgets(area!.id, 'da-DK')).length);
    expect(JSON.parse(widgets[0]!).text).toContain('Kontorsgiganten er en nordisk netbutik');
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
