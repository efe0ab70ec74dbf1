/**
 * Widget areas (spec §1 "editorially driven content widgets") for the start page, content pages and the
 * widget preview: reads an area through `widgetArea`, checks each widget's configuration with valibot (a
 * widget whose configuration does not fit is left out and logged) and starts the catalog data its widget
 * shows — product shelves and category puffs — as deferred promises, so a page awaits only the area.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { PRODUCT_IMAGE_SIZE } from '../../client/views/components/ProductCard';
import type {
  CategoryPuff,
  ShelfSelection,
  WidgetAreaData,
  WidgetContainerData,
  WidgetData,
  WidgetImage,
  WidgetSize,
} from '../../client/views/components/widgets/types';
import { isNewItems } from '../../client/views/components/widgets/widget-links';
import type { AppEnv } from '../app-env';
import type { PageLoaders } from './loaders';
import { deferred } from './types';
import { sanitizeHtml } from '../render/sanitize-html';
import { graphql, type ResultOf } from '../../core/graphql/tada';
import { listItems } from '../../core/graphql/list-items';

export const PAGE_WIDGET_AREA = graphql(/* GraphQL */ `
  query pageWidgetArea(
    $family: String
    $areaName: String
    $alias: String
    $preview: Boolean
    $customerType: CustomerType
    $channelId: String
    $languageId: String
    $marketId: String
  ) {
    widgetArea(
      family: $family
      areaName: $areaName
      alias: $alias
      preview: $preview
      customerType: $customerType
      channelId: $channelId
      languageId: $languageId
      marketId: $marketId
    ) {
      title
      meta {
        title
        description
      }
      containers {
        id
        widgets {
          id
          type
          size
          configuration
          images {
            fileName
            largestSize {
              imageWidth
              imageHeight
            }
          }
        }
      }
    }
  }
`);

export const WIDGET_CATEGORIES = graphql(/* GraphQL */ `
  query widgetCategories($channelId: String, $languageId: String, $marketId: String) {
    categories(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      categoryId
      canonicalUrl
      name
      primaryImage
      isHidden
    }
  }
`);

type ApiArea = NonNullable<ResultOf<typeof PAGE_WIDGET_AREA>['widgetArea']>;
type RawWidget = NonNullable<NonNullable<NonNullable<NonNullable<ApiArea['containers']>[number]>['widgets']>[number]>;
/** The catalog's categories as the category puffs read them (hidden ones are left out there). */
type CategoryRows = NonNullable<ResultOf<typeof WIDGET_CATEGORIES>['categories']>;

/** Which area to read: a family's area (the start page: 'Frontpage') or a content page's by its alias. */
export interface WidgetAreaSelection {
  family?: string;
  areaName?: string;
  alias?: string;
  preview?: boolean;
}

const Text = v.pipe(v.string(), v.trim(), v.nonEmpty());
const Link = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(2000));
/** A file name of the generated catalog images: no path, no query. */
const ImageFile = v.pipe(v.string(), v.regex(/^[\w.-]+\.(?:svg|png|jpe?g|webp|avif)$/i));

/**
 * Widget configurations in the Geins API's fields (issue 25: what its reference storefront's widgets read),
 * whichever API answered: the built-in one writes them from the shop's own (worker/graphql/widget-configuration.ts).
 */
const GeinsImage = v.object({
  filename: v.nullish(ImageFile),
  altText: v.nullish(v.string()),
  href: v.nullish(Link),
});
const BannerConfig = v.object({
  text1: v.nullish(Text),
  text2: v.nullish(Text),
  buttonText: v.nullish(Text),
  image: v.nullish(GeinsImage),
});
const TextConfig = v.object({ title: v.nullish(Text), text: v.string() });
const ImageConfig = v.object({ image: GeinsImage });
const SHELF_SORTS = ['LATEST', 'MOST_SOLD', 'PRICE', 'PRICE_DESC', 'RELEVANCE', 'ALPHABETICAL'] as const;
const Ids = v.nullish(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))));
/** Products per row of the Geins storefront's product list widget (its pageCount counts rows). */
const SHELF_ROW_SIZE = 4;
const ProductListConfig = v.object({
  title: v.nullish(Text),
  searchParameters: v.nullish(
    v.object({
      sort: v.nullish(v.picklist(SHELF_SORTS)),
      categoryIds: Ids,
      brandIds: Ids,
      discountCampaignIds: Ids,
    }),
  ),
  pageCount: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12))),
  // Ours, beside Geins' fields: how many products exactly, and the list the "show all" link opens.
  take: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(48))),
  categoryAlias: v.nullish(Text),
  brandAlias: v.nullish(Text),
  discountCampaignAlias: v.nullish(Text),
});
const CategoryPuffsConfig = v.object({
  title: v.optional(Text),
  categoryIds: v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

/** Everything a widget needs to start loading its data. */
interface WidgetContext {
  c: Context<AppEnv>;
  loaders: PageLoaders;
  /** Category puffs of one area share one categories query. */
  categories: () => Promise<CategoryRows>;
}

function sizeOf(widget: RawWidget): WidgetSize {
  return widget.size.toLowerCase() === 'half' ? 'half' : 'full';
}

/** The widget's image with its intrinsic size; the generated catalog images are square when the API has no size. */
function imageOf(widget: RawWidget, fileName: string | undefined): WidgetImage | null {
  if (!fileName) return null;
  const known = listItems(widget.images).find((image) => image.fileName === fileName)?.largestSize;
  return known
    ? { fileName, width: known.imageWidth, height: known.imageHeight }
    : { fileName, width: PRODUCT_IMAGE_SIZE, height: PRODUCT_IMAGE_SIZE };
}

function categoryPuffs(rows: CategoryRows, ids: readonly number[]): CategoryPuff[] {
  const byId = new Map(
    listItems(rows)
      .filter((row) => !row.isHidden)
      .map((row) => [row.categoryId, row]),
  );
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ categoryId: id, name: row.name, url: row.canonicalUrl, image: row.primaryImage }] : [];
  });
}

/** A widget as the components take it, or null when its type is unknown or its configuration does not fit. */
function widgetData(widget: RawWidget, context: WidgetContext): WidgetData | null {
  const base = { id: widget.id, size: sizeOf(widget) };
  const configuration: unknown = JSON.parse(widget.configuration);
  switch (widget.type) {
    case 'BANNER': {
      const config = v.parse(BannerConfig, configuration);
      const title = config.text1 ?? config.buttonText;
      if (!title) return null;
      return {
        kind: 'BANNER',
        ...base,
        title,
        text: config.text2 ?? null,
        href: config.image?.href ?? null,
        buttonText: config.buttonText ?? null,
        image: imageOf(widget, config.image?.filename ?? undefined),
      };
    }
    case 'TEXT': {
      const config = v.parse(TextConfig, configuration);
      // CMS HTML only through the allowlist (issue 12), whichever API it came from.
      return { kind: 'TEXT', ...base, title: config.title ?? null, html: sanitizeHtml(config.text) };
    }
    case 'IMAGE': {
      const config = v.parse(ImageConfig, configuration);
      if (!config.image.filename) return null;
      return {
        kind: 'IMAGE',
        ...base,
        image: imageOf(widget, config.image.filename)!,
        alt: config.image.altText ?? '',
        href: config.image.href ?? null,
      };
    }
    case 'PRODUCT_LIST': {
      const config = v.parse(ProductListConfig, configuration);
      const search = config.searchParameters;
      const selection: ShelfSelection = {
        sort: search?.sort ?? 'LATEST',
        take: config.take ?? (config.pageCount ?? 2) * SHELF_ROW_SIZE,
        ...(search?.categoryIds?.length ? { categoryIds: search.categoryIds } : {}),
        ...(search?.brandIds?.length ? { brandIds: search.brandIds } : {}),
        ...(search?.discountCampaignIds?.length ? { discountCampaignIds: search.discountCampaignIds } : {}),
        ...(config.categoryAlias ? { categoryAlias: config.categoryAlias } : {}),
        ...(config.brandAlias ? { brandAlias: config.brandAlias } : {}),
        ...(config.discountCampaignAlias ? { discountCampaignAlias: config.discountCampaignAlias } : {}),
      };
      const title = config.title;
      return {
        kind: 'PRODUCT_LIST',
        ...base,
        title: title ?? null,
        selection,
        products: deferred(context.loaders.productShelf(context.c, selection), `widget ${widget.id} products`),
      };
    }
    case 'CATEGORY_PUFFS': {
      const config = v.parse(CategoryPuffsConfig, configuration);
      const categories = context.categories().then((rows) => categoryPuffs(rows, config.categoryIds));
      return {
        kind: 'CATEGORY_PUFFS',
        ...base,
        title: config.title ?? null,
        categories: deferred(categories, `widget ${widget.id} categories`),
      };
    }
    default:
      return null;
  }
}

function safeWidgetData(widget: RawWidget, context: WidgetContext): WidgetData | null {
  try {
    return widgetData(widget, context);
  } catch (error) {
    console.error(`widget ${widget.id} (${widget.type}) has a configuration the shop cannot show`, error);
    return null;
  }
}

/**
 * The widget area with every widget's data started (not awaited); null when there is no such area
 * (an unknown content page alias). A failing area query rejects: the caller decides what that means.
 */
export async function loadWidgetArea(
  c: Context<AppEnv>,
  loaders: PageLoaders,
  selection: WidgetAreaSelection,
): Promise<WidgetAreaData | null> {
  const data = await c.get('graphql').query(PAGE_WIDGET_AREA, {
    ...selection,
    customerType: c.get('customerType'),
  });
  const area = data.widgetArea;
  if (!area) return null;
  let categories: Promise<CategoryRows> | undefined;
  const context: WidgetContext = {
    c,
    loaders,
    categories: () =>
      (categories ??= c
        .get('graphql')
        .query(WIDGET_CATEGORIES)
        .then((result) => result.categories ?? [])),
  };
  const containers: WidgetContainerData[] = listItems(area.containers)
    .map((container) => ({
      id: container.id,
      widgets: listItems(container.widgets).flatMap((widget) => safeWidgetData(widget, context) ?? []),
    }))
    .filter((container) => container.widgets.length > 0);
  return {
    title: area.title,
    meta: { title: area.meta?.title ?? null, description: area.meta?.description ?? null },
    containers,
  };
}

/** True when the area already shows the newest products of the whole range (the start page's new items). */
export function showsNewItems(area: WidgetAreaData | null): boolean {
  return Boolean(
    area?.containers.some((container) =>
      container.widgets.some((widget) => widget.kind === 'PRODUCT_LIST' && isNewItems(widget.selection)),
    ),
  );
}

/** The deferred data of every widget in the area (product shelves, category puffs). */
export function widgetPromises(area: WidgetAreaData | null): Promise<unknown>[] {
  return (area?.containers ?? []).flatMap((container) =>
    container.widgets.flatMap((widget): Promise<unknown>[] => {
      if (widget.kind === 'PRODUCT_LIST') return [widget.products];
      if (widget.kind === 'CATEGORY_PUFFS') return [widget.categories];
      return [];
    }),
  );
}
