/**
 * The product page: /p/{alias}, /p/{section}/{alias}, /p/{section}/{subsection}/{alias} and
 * /product/{alias} (spec §2); /product without an alias and an unknown alias are 404s (or the 301 of a
 * renamed product's old URL). Whatever path reached it, its canonical URL is /p/{alias} with the
 * product's alias in the page's language, and its hreflang alternates carry the alias of each language.
 */
import type { Context } from 'hono';
import type { Locale } from '../../../locales';
import { ProductPage } from '../../../client/views/pages/ProductPage';
import { categoryAliasOf } from '../../../client/views/components/product/Breadcrumbs';
import { productImagePath } from '../../../client/views/components/ProductCard';
import type { ProductDetails, ProductPageData } from '../../../client/views/components/product/types';
import type { AppEnv } from '../../app-env';
import type { Market } from '../../commerce/channel/channel';
import { publicOrigin } from '../../urls/request';
import { favoriteProductIds } from '../../session/favorites';
import { hrefFor } from '../../urls/links';
import { productAliases, type LocalizedAliases } from '../../urls/page-aliases';
import { pageTitle, renderPage } from '../../render/renderer';
import { movedOrNotFound } from '../not-found/index';
import { routeAlternates, sitemapMarkets } from '../../urls/seo';
import { colourOf } from './colour-variants';
import { breadcrumbJsonLd, productJsonLd, productOpenGraph, type ProductSeoInput } from './seo';
import { loadColourVariants, loadProduct, loadRelatedProducts, loadReviewAuthor, loadReviews } from './queries';
import { deferred, type PageHandler } from '../types';
import { renderAhead } from '../../render/render-ahead';
import { stockNotificationStatus } from '../../session/stock-notification';
import { reviewFormOf } from '../../session/review-form';
import type { ReviewFormData } from '../../../client/views/components/product/types';

/** The product's alias in a language (and market, when markets are in the path), or undefined where it is not. */
type AliasIn = (locale: Locale, market: Market | undefined) => string | undefined;

/**
 * The product's alias in every language, and with markets in the path in every market of the sitemaps
 * (the same product pages they list: worker/urls/seo.ts); on failure only the page's own, so the page
 * still renders.
 */
async function aliasesOf(c: Context<AppEnv>, product: ProductDetails): Promise<AliasIn> {
  try {
    if (!c.get('config').marketInPath) {
      const aliases = await productAliases(c, product.productId);
      return (locale) => aliases[locale];
    }
    const markets = sitemapMarkets(c.get('channel').markets);
    const byMarket = new Map<string, LocalizedAliases>(
      await Promise.all(
        markets.map(async (market) => [market.id, await productAliases(c, product.productId, market.id)] as const),
      ),
    );
    return (locale, market) => byMarket.get(market?.id ?? '')?.[locale];
  } catch (error) {
    console.error('product aliases failed', error);
    const own = c.get('market').id;
    return (locale, market) =>
      locale === c.get('locale') && (!market || market.id === own) ? product.alias : undefined;
  }
}

async function isFavorite(c: Context<AppEnv>, productId: number): Promise<boolean> {
  return (await favoriteProductIds(c)).has(productId);
}

/**
 * The review form (spec §6: reviews need login): a guest's prompt to log in is the same for everyone; a
 * customer's form carries their name and what they typed, so their page is private (reviewFormOf).
 */
async function reviewFormFor(c: Context<AppEnv>, alias: string): Promise<ReviewFormData> {
  if (!c.get('customer')) return { kind: 'guest' };
  return reviewFormOf(c, alias, await loadReviewAuthor(c));
}

/** Absolute URLs of the product, its images and the categories above it, for JSON-LD and Open Graph. */
function seoInput(c: Context<AppEnv>, product: ProductDetails, canonical: string): ProductSeoInput {
  const origin = publicOrigin(c);
  const trail = (product.breadcrumbs ?? []).flatMap((crumb) => {
    const category = categoryAliasOf(crumb.url);
    return category ? [{ name: crumb.name, url: origin + hrefFor(c, 'category', c.get('locale'), { category }) }] : [];
  });
  return {
    product,
    url: canonical,
    images: (product.productImages ?? []).map((image) => origin + productImagePath(image.fileName)),
    currency: c.get('market').currency.code,
    trail,
  };
}

export const productPage: PageHandler = async (c) => {
  const alias = c.get('route')?.params.alias;
  // No such product: an old URL of a renamed one answers 301 (URL history, spec §2), anything else 404.
  if (!alias) return movedOrNotFound(c);
  const product = await loadProduct(c, alias);
  if (!product) return movedOrNotFound(c);

  // Started now; rendered in place when ready within the render-ahead window, else streamed in later.
  const reviews = deferred(loadReviews(c, product.alias), 'product reviews');
  const related = deferred(loadRelatedProducts(c, product.alias), 'related products');
  const [colourVariants, aliases, favorite, reviewForm, prerender] = await Promise.all([
    loadColourVariants(c, product),
    aliasesOf(c, product),
    isFavorite(c, product.productId),
    reviewFormFor(c, product.alias),
    renderAhead([reviews, related]),
  ]);
  const data: ProductPageData = {
    product,
    colourVariants,
    isFavorite: favorite,
    notifyStatus: stockNotificationStatus(c),
    reviewForm,
    reviews,
    related,
  };

  const canonical = publicOrigin(c) + hrefFor(c, 'product', c.get('locale'), { alias: product.alias });
  const seo = seoInput(c, product, canonical);
  const name = product.name ?? product.alias;
  const page = (
    <ProductPage
      data={data}
      colour={colourOf(product.parameterGroups)}
      structuredData={[productJsonLd(seo), breadcrumbJsonLd(seo)]}
    />
  );
  return renderPage(c, page, {
    title: pageTitle(c, name),
    description: product.meta?.description ?? product.texts?.text2 ?? undefined,
    canonical,
    alternates: routeAlternates(c, 'product', (locale, market) => {
      const localized = aliases(locale, market);
      return localized ? [{ alias: localized }] : null;
    }),
    meta: productOpenGraph(seo, { siteName: c.get('t')('meta.siteName'), localeIso: c.get('languageId') }),
    prerender,
  });
};
