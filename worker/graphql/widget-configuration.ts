/**
 * A widget's configuration as the Geins API answers it (issue 25): the fields the reference storefront's
 * widgets read (ralph-ui CaWidgetBanner, CaWidgetText, CaWidgetImage, CaWidgetProductList), written from
 * the shape the shop keeps them in (worker/db/seed/content.ts). Fields of our own that Geins has no name for
 * and that collide with none of its fields stay (a shelf's list aliases, for its "show all" link).
 */
import type { Widget } from '../commerce/content/content';

/** A shelf's category, brand and campaign by alias, as ids (the API's FilterInputType takes ids). */
export interface ShelfIds {
  categories: ReadonlyMap<string, number>;
  brands: ReadonlyMap<string, number>;
  campaigns: ReadonlyMap<string, number>;
}

/** Products in a row of the reference storefront's product list widget (its productListRowSize). */
const ROW_SIZE = 4;

type Stored = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Geins' widget image: the same file on every device. Its `href` is the widget's link, so a widget with a
 * link and no picture still answers one (without a file).
 */
function image(fileName: unknown, altText: unknown, href: unknown) {
  const filename = text(fileName);
  const link = text(href);
  if (!filename && !link) return null;
  return { filename, filenameForMobileDevice: filename, altText: text(altText) ?? '', href: link };
}

/** The aliases of the shelves among `widgets`, to look up as ids. */
export function shelfAliases(widgets: readonly Widget[]): {
  categories: string[];
  brands: string[];
  campaigns: string[];
} {
  const aliases = { categories: [] as string[], brands: [] as string[], campaigns: [] as string[] };
  for (const widget of widgets) {
    if (widget.type !== 'PRODUCT_LIST') continue;
    const stored = parse(widget.configuration);
    if (!stored) continue;
    if (text(stored.categoryAlias)) aliases.categories.push(text(stored.categoryAlias)!);
    if (text(stored.brandAlias)) aliases.brands.push(text(stored.brandAlias)!);
    if (text(stored.discountCampaignAlias)) aliases.campaigns.push(text(stored.discountCampaignAlias)!);
  }
  return aliases;
}

function parse(configuration: string): Stored | null {
  try {
    const value: unknown = JSON.parse(configuration);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Stored) : null;
  } catch {
    return null;
  }
}

/** The configuration JSON of `widget` in Geins' fields; one that is not an object is answered as it is. */
export function geinsConfiguration(widget: Widget, ids: ShelfIds): string {
  const stored = parse(widget.configuration);
  if (!stored) return widget.configuration;
  switch (widget.type) {
    case 'BANNER':
      return JSON.stringify({
        text1: text(stored.title),
        text2: text(stored.text),
        buttonText: text(stored.buttonText),
        // Geins' numbers: 0 the primary text colour; 1 the text on the image (centred when full width).
        textColor: 0,
        textAndButtonPlacement: 1,
        textAndButtonPlacementFullWidth: 1,
        classNames: '',
        image: image(stored.image, stored.title, stored.href),
      });
    case 'TEXT':
      return JSON.stringify({
        title: text(stored.title),
        titleRenderMode: 'h2',
        subtitle: null,
        text: typeof stored.html === 'string' ? stored.html : '',
        textAlignment: 'left',
      });
    case 'IMAGE':
      return JSON.stringify({ classNames: '', image: image(stored.image, stored.alt, stored.href) });
    case 'PRODUCT_LIST': {
      const take = typeof stored.take === 'number' ? stored.take : 2 * ROW_SIZE;
      const idOf = (map: ReadonlyMap<string, number>, alias: unknown) => {
        const id = text(alias) ? map.get(text(alias)!) : undefined;
        return id === undefined ? undefined : [id];
      };
      return JSON.stringify({
        title: text(stored.title),
        searchParameters: {
          sort: text(stored.sort) ?? 'LATEST',
          categoryIds: idOf(ids.categories, stored.categoryAlias),
          brandIds: idOf(ids.brands, stored.brandAlias),
          discountCampaignIds: idOf(ids.campaigns, stored.discountCampaignAlias),
        },
        pageCount: Math.ceil(take / ROW_SIZE),
        limitNrOfRows: true,
        slideshowDisabled: false,
        displayNavigationArrows: true,
        displayNavigationLinks: false,
        // Our own: how many products, and the list the shelf's "show all" link opens.
        take,
        categoryAlias: text(stored.categoryAlias) ?? undefined,
        brandAlias: text(stored.brandAlias) ?? undefined,
        discountCampaignAlias: text(stored.discountCampaignAlias) ?? undefined,
      });
    }
    default:
      return widget.configuration;
  }
}
