/**
 * Content domain (issue 3): widget areas (front page, content pages), CMS pages, menus and the newsletter.
 * URLs carry no locale prefix (see worker/commerce/content/content.ts); the storefront adds it.
 */
import { withMarketPath } from '../../../core/market-path';
import { GraphQLError } from 'graphql';
import * as v from 'valibot';
import {
  aliasOfUrl,
  findContentPageByAlias,
  idsByAlias,
  imageSizes,
  listContentPages,
  loadMenu,
  loadWidgetArea,
  type ContentPage,
  type MenuItem,
  type TextLanguages,
  type Widget,
  type WidgetArea,
  type WidgetKind,
} from '../../commerce/content/content';
import { NewsletterEmail } from '../../commerce/customers/newsletter';
import { askNewsletterConsentFor } from '../newsletter-consent';
import { userError } from '../errors';
import { resolveScope, type GraphQLContext, type Scope, type ScopeArgs } from '../context';
import type { DomainResolvers } from './types';
import { geinsConfiguration, shelfAliases, type ShelfIds } from '../widget-configuration';
import { CUSTOMER_TYPES } from '../../../core/customer-type';

/** The family whose areas belong to content pages, selected by the page's alias. */
const CONTENT_FAMILY = 'Content';

/** PageWidgetType.name: the widget type as the Geins API and its storefront name it ('Text', 'Banner'…). */
const WIDGET_NAMES: Record<WidgetKind, string> = {
  BANNER: 'Banner',
  TEXT: 'Text',
  PRODUCT_LIST: 'Product list',
  CATEGORY_PUFFS: 'Category puffs',
  IMAGE: 'Image',
};

const Text = (max: number) => v.nullish(v.pipe(v.string(), v.maxLength(max)));

const WidgetAreaArgs = v.object({
  family: Text(100),
  areaName: Text(100),
  alias: Text(200),
  displaySetting: Text(100),
  customerType: v.nullish(v.picklist(CUSTOMER_TYPES)),
  preview: v.nullish(v.boolean()),
  url: Text(2000),
  // Areas are not bound to categories, brands or campaigns in this data model, so filters select nothing more.
  filters: v.nullish(v.array(v.object({ key: Text(100), value: Text(200) }))),
});

const CmsPagesArgs = v.object({
  includeTags: v.nullish(v.array(v.string())),
  excludeTags: v.nullish(v.array(v.string())),
});

const MenuArgs = v.object({ menuLocationId: Text(100), customerGroupId: v.nullish(v.number()) });

const NewsletterArgs = v.object({ email: v.string(), tags: v.nullish(v.array(v.pipe(v.string(), v.maxLength(100)))) });

/** Parses developer-supplied arguments; a mistake is a BAD_USER_INPUT error naming the argument. */
function parseArgs<S extends v.GenericSchema>(schema: S, args: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, args);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new GraphQLError(`Invalid argument ${v.getDotPath(issue) ?? ''}: ${issue.message}`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  return parsed.output;
}

function textLanguages(scope: Scope): TextLanguages {
  return { languageId: scope.language.id, fallbackLanguageId: scope.channel.defaultLanguageId };
}

function metaOf(page: ContentPage | null, scope: Scope) {
  if (!page) return { title: scope.channel.name, description: null, keywords: null };
  return { title: page.metaTitle ?? page.title, description: page.metaDescription, keywords: null };
}

/** The file names of the images a widget's configuration shows. */
function widgetImageFiles(widget: Widget): string[] {
  try {
    const configuration = JSON.parse(widget.configuration) as { image?: unknown };
    return typeof configuration.image === 'string' ? [configuration.image] : [];
  } catch {
    return [];
  }
}

function widgetAreaType(
  area: WidgetArea,
  page: ContentPage | null,
  scope: Scope,
  ctx: GraphQLContext,
  shelves: ShelfIds,
) {
  // One query for every image of the area, and only when some widget's images are selected.
  let sizes: ReturnType<typeof imageSizes> | undefined;
  const sizesOnce = () => (sizes ??= imageSizes(ctx.db, area.widgets.flatMap(widgetImageFiles)));
  const widgetType = (widget: Widget) => ({
    id: String(widget.id),
    name: WIDGET_NAMES[widget.type],
    sortOrder: widget.sortOrder,
    type: widget.type,
    size: widget.size.toLowerCase(),
    classNames: [],
    configuration: geinsConfiguration(widget, shelves),
    images: async () => {
      const known = await sizesOnce();
      return widgetImageFiles(widget).map((fileName) => {
        const size = known.get(fileName);
        const dimensions = size
          ? { imageWidth: size.width, imageHeight: size.height, imageRatio: size.width / size.height }
          : null;
        return { fileName, largestSize: dimensions, sizes: dimensions ? [dimensions] : [] };
      });
    },
  });
  const containerNumbers = [...new Set(area.widgets.map((widget) => widget.container))];
  return {
    id: area.id,
    name: area.areaName,
    title: page?.title ?? null,
    familyName: area.family,
    tags: [],
    meta: metaOf(page, scope),
    pageArea: { id: area.id, name: area.areaName, index: 0 },
    containers: containerNumbers.map((container) => {
      const widgets = area.widgets.filter((widget) => widget.container === container);
      return {
        id: container,
        name: `${area.family} ${area.areaName} ${container}`,
        sortOrder: container,
        classNames: [],
        // The storefront sizes images by layout ('full', 'half'): the size of the container's widgets.
        layout: widgets[0]!.size.toLowerCase(),
        responsiveMode: 'default',
        design: 'default',
        widgets: widgets.map(widgetType),
      };
    }),
  };
}

function menuItemType(item: MenuItem, prefix: string): Record<string, unknown> {
  return {
    id: String(item.id),
    label: item.label,
    title: item.label,
    // The Geins storefront compares lower-case types ('custom', 'page').
    type: item.type.toLowerCase(),
    value: item.target,
    order: item.sortOrder,
    targetBlank: /^https?:\/\//i.test(item.url),
    open: false,
    hidden: false,
    canonicalUrl: withMarketPath(prefix, item.url),
    children: item.children.map((child) => menuItemType(child, prefix)),
  };
}

export const contentResolvers: DomainResolvers = {
  GeinsMerchantApiQuery: {
    async widgetArea(_: unknown, rawArgs: ScopeArgs & Record<string, unknown>, ctx: GraphQLContext) {
      const args = parseArgs(WidgetAreaArgs, rawArgs);
      const scope = await resolveScope(ctx, rawArgs);
      const languages = textLanguages(scope);
      const family = args.family ?? (args.alias || args.url ? CONTENT_FAMILY : null);
      if (!family) return null;
      const isContent = family.toLowerCase() === CONTENT_FAMILY.toLowerCase();
      const alias = args.alias || (isContent && args.url ? aliasOfUrl(args.url) : null);
      // A content page's area is found through the page; an unknown alias is no area (null), never another's.
      const page = alias ? await findContentPageByAlias(ctx.db, alias, languages) : null;
      if (alias && !page) return null;
      const area = await loadWidgetArea(
        ctx.db,
        { family, areaName: args.areaName, pageId: page?.id ?? null },
        languages,
      );
      if (!area) return null;
      return widgetAreaType(area, page, scope, ctx, await idsByAlias(ctx.db, shelfAliases(area.widgets)));
    },

    async cmsPages(_: unknown, rawArgs: ScopeArgs & Record<string, unknown>, ctx: GraphQLContext) {
      const args = parseArgs(CmsPagesArgs, rawArgs);
      // Pages carry no tags in this data model: asking for pages with given tags finds none.
      if (args.includeTags && args.includeTags.length > 0) return [];
      const scope = await resolveScope(ctx, rawArgs);
      const pages = await listContentPages(ctx.db, textLanguages(scope));
      return pages.map((page) => ({
        id: page.id,
        name: page.title,
        title: page.title,
        alias: page.alias,
        activeFrom: page.createdAt,
        activeTo: null,
        tags: [],
        meta: metaOf(page, scope),
        canonicalUrl: withMarketPath(scope.pathPrefix, `/${page.alias}`),
      }));
    },

    async getMenuAtLocation(_: unknown, rawArgs: ScopeArgs & Record<string, unknown>, ctx: GraphQLContext) {
      const args = parseArgs(MenuArgs, rawArgs);
      if (!args.menuLocationId) return null;
      const scope = await resolveScope(ctx, rawArgs);
      const menu = await loadMenu(ctx.db, args.menuLocationId, textLanguages(scope));
      if (!menu) return null;
      return {
        id: String(menu.id),
        name: menu.location,
        title: null,
        locations: [menu.location],
        channels: [scope.channel.id],
        languages: scope.channel.languages.map((language) => language.id),
        menuItems: menu.items.map((item) => menuItemType(item, scope.pathPrefix)),
      };
    },
  },

  GeinsMerchantApiMutation: {
    async subscribeToNewsletter(_: unknown, rawArgs: ScopeArgs & Record<string, unknown>, ctx: GraphQLContext) {
      const args = parseArgs(NewsletterArgs, rawArgs);
      // The shopper typed the address: a bad one gets the spec's message in their language, and nothing is stored.
      const email = v.safeParse(NewsletterEmail, args.email);
      if (!email.success) throw userError(rawArgs.languageId, 'api.content.invalidEmail');
      // Double opt-in (issue 24): the address is subscribed once its owner confirms from the mail.
      await askNewsletterConsentFor(ctx, await resolveScope(ctx, rawArgs), email.output, 'api');
      return true;
    },
  },
};
