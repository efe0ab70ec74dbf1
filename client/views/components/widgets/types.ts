/**
 * What the worker hands the widget components (worker/pages/widgets.ts builds it from `widgetArea`): each
 * widget's checked configuration, and for widgets that show catalog data a promise of that data, which the
 * component reads with `use()` behind Suspense. A promise never rejects: a failed load resolves to null.
 */
import type { ProductCardData } from '../ProductCard';

/** How wide a widget is in its container: the whole row, or half of it from tablet width up. */
export type WidgetSize = 'full' | 'half';

/** An image with its intrinsic size, so the browser reserves its space before it loads. */
export interface WidgetImage {
  fileName: string;
  width: number;
  height: number;
}

export interface BannerWidgetData {
  kind: 'BANNER';
  id: string;
  size: WidgetSize;
  title: string;
  text: string | null;
  /** As the editor wrote it: a path in any locale, or an absolute URL (localized when rendered). */
  href: string | null;
  buttonText: string | null;
  image: WidgetImage | null;
}

export interface TextWidgetData {
  kind: 'TEXT';
  id: string;
  size: WidgetSize;
  title: string | null;
  /** Editorial HTML from the shop's own content store. */
  html: string;
}

export interface ImageWidgetData {
  kind: 'IMAGE';
  id: string;
  size: WidgetSize;
  image: WidgetImage;
  alt: string;
  href: string | null;
}

/** The list a product shelf shows, which also says where its "show all" link goes. */
export interface ShelfSelection {
  sort: ProductShelfSort;
  take: number;
  /** The API's filter (Geins' searchParameters). */
  categoryIds?: number[];
  brandIds?: number[];
  discountCampaignIds?: number[];
  /** The list page the shelf's "show all" link opens, when the configuration names it. */
  categoryAlias?: string;
  brandAlias?: string;
  discountCampaignAlias?: string;
}

export type ProductShelfSort = 'LATEST' | 'MOST_SOLD' | 'PRICE' | 'PRICE_DESC' | 'RELEVANCE' | 'ALPHABETICAL';

export interface ProductListWidgetData {
  kind: 'PRODUCT_LIST';
  id: string;
  size: WidgetSize;
  title: string | null;
  selection: ShelfSelection;
  products: Promise<ProductCardData[] | null>;
}

/** A category shown as a puff: its name, its page and its picture. */
export interface CategoryPuff {
  categoryId: number;
  name: string;
  /** The category's path as the API gives it, in the request's language without locale prefix. */
  url: string;
  image: string | null;
}

export interface CategoryPuffsWidgetData {
  kind: 'CATEGORY_PUFFS';
  id: string;
  size: WidgetSize;
  title: string | null;
  categories: Promise<CategoryPuff[] | null>;
}

export type WidgetData =
  BannerWidgetData | TextWidgetData | ImageWidgetData | ProductListWidgetData | CategoryPuffsWidgetData;

/** Widgets that render side by side (a row of the area). */
export interface WidgetContainerData {
  id: number;
  widgets: WidgetData[];
}

export interface WidgetAreaData {
  /** The content page's title when the area belongs to one. */
  title: string | null;
  meta: { title: string | null; description: string | null };
  containers: WidgetContainerData[];
}
