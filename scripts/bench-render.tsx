// Bundled by scripts/bench.mjs for Node in production mode: renders the home page, a list page of 48
// products and a product page in process, from data already in memory (a warm cache), the way the worker
// does — the same document shell, page components and streaming renderer — and returns the HTML's size.
// The data comes from the running shop's GraphQL API through the pages' own loaders, before timing starts.
import { print, type DocumentNode } from 'graphql';
import type { ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { createTranslator, LOCALE_ISO } from '../locales';
import { pathFor } from '../locales/routes';
import { Document } from '../client/views/pages/Document';
import { HomePage, type HomePageData } from '../client/views/pages/HomePage';
import { ListPage } from '../client/views/pages/ListPage';
import { ProductPage } from '../client/views/pages/ProductPage';
import type { ListPageData } from '../client/views/pages/list-types';
import type { ShopContextValue } from '../client/views/components/ShopContext';
import type { ChromeData } from '../client/views/components/chrome-data';
import { parseSelection } from '../core/list-selection';
import { CHROME_MENUS, toNavLinks, type ApiMenuItem } from '../worker/render/chrome-menus';
import { loadCategoryPath, loadListHeader, loadListProducts, LIST_PAGE_SIZE } from '../worker/pages/list/data';
import { loadColourVariants, loadProduct, loadRelatedProducts, loadReviews } from '../worker/pages/product/queries';
import { breadcrumbJsonLd, productJsonLd } from '../worker/pages/product/seo';
import { defaultLoaders } from '../worker/pages/loaders';
import { FRONTPAGE } from '../worker/pages/home/index';
import { loadWidgetArea, widgetPromises } from '../worker/pages/widgets';
import { renderAhead } from '../worker/render/render-ahead';

const SCOPE = { channelId: '1|se', marketId: 'se', languageId: LOCALE_ISO.sv };

const shop: ShopContextValue = {
  locale: 'sv',
  localeIso: LOCALE_ISO.sv,
  t: createTranslator('sv'),
  pricesIncludeVat: true,
  customerType: 'PERSON',
  localePrefix: '',
  href: (screen, ...params) => pathFor(screen, 'sv', ...params),
  currentPath: '/',
  market: { alias: 'se', currency: 'SEK', country: 'SE' },
  loggedIn: false,
};

/** Just enough of a Hono context for the pages' loaders: a GraphQL client that POSTs to the bench server. */
function loaderContext(base: string): any {
  const variables: Record<string, unknown> = {
    languageId: SCOPE.languageId,
    locale: 'sv',
    t: shop.t,
    graphql: {
      async query(document: DocumentNode, variables: Record<string, unknown> = {}) {
        const query = print(document);
        const response = await fetch(`${base}/graphql`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ query, variables: { ...SCOPE, ...variables } }),
        });
        const body = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
        if (body.errors?.length || !body.data) throw new Error(body.errors?.[0]?.message ?? 'no data');
        return body.data;
      },
    },
  };
  return { var: variables, get: (key: string) => variables[key] };
}

async function chromeData(c: any, currentPath: string): Promise<ChromeData> {
  const menus = (await c.var.graphql.query(CHROME_MENUS)) as {
    main?: { menuItems: ApiMenuItem[] };
    footer?: { menuItems: ApiMenuItem[] };
  };
  const market = (alias: string, country: string, currency: string) => ({
    alias,
    country,
    currency,
    current: alias === 'se',
    href: `/api/market?alias=${alias}&redirect=${encodeURIComponent(currentPath)}`,
  });
  return {
    mainMenu: toNavLinks(menus.main?.menuItems, shop.href, currentPath, '/'),
    footerMenu: toNavLinks(menus.footer?.menuItems, shop.href, currentPath, '/'),
    markets: [
      market('se', 'Sverige', 'SEK'),
      market('dk', 'Danmark', 'DKK'),
      market('no', 'Norge', 'NOK'),
      market('fi', 'Finland', 'EUR'),
    ],
    languages: [
      { locale: 'sv', name: 'Svenska', current: true, href: '/api/locale?locale=sv&path=%2F' },
      { locale: 'en', name: 'English', current: false, href: '/api/locale?locale=en&path=%2F' },
    ],
    currentMarket: { country: 'Sverige', currency: 'SEK' },
    searchScope: SCOPE,
    pageData: {
      page_type: 'bench',
      locale: 'sv',
      language: SCOPE.languageId,
      market: 'se',
      currency: 'SEK',
      customer_type: 'PERSON',
      logged_in: false,
      gtm_id: null,
      consent: null,
    },
    newsletter: null,
    consent: { offered: false, ask: false },
  };
}

/** Everything a page render needs, loaded once before timing. */
export async function loadBenchData(base: string, categoryAlias: string, productAlias: string) {
  const c = loaderContext(base);
  const url = `/c/${categoryAlias}`;
  const selection = parseSelection('');
  const [chrome, products, header, area, campaigns] = await Promise.all([
    chromeData(c, url),
    loadListProducts(c, { url }, selection, 'LATEST'),
    loadListHeader(c, { url }),
    loadWidgetArea(c, defaultLoaders, FRONTPAGE),
    defaultLoaders.currentCampaigns(c),
  ]);
  // The home page's widgets load their products themselves; settled now, they render in place (render-ahead).
  await renderAhead(widgetPromises(area), 10_000);
  const home: HomePageData = { area, campaigns: ready(campaigns), newItems: null };
  const categoryPath = header ? await loadCategoryPath(c, header.id) : [];
  const list: ListPageData = {
    kind: 'category',
    title: header?.name ?? categoryAlias,
    hideTitle: false,
    description: header?.primaryDescription ?? null,
    secondaryDescription: header?.secondaryDescription ?? null,
    categoryPath,
    subCategories: (header?.subCategories ?? []).flatMap((category) =>
      category.name && category.alias ? [{ name: category.name, alias: category.alias }] : [],
    ),
    path: url,
    searchTerm: null,
    selection,
    sort: 'LATEST',
    defaultSort: 'LATEST',
    count: products.count,
    products: products.products,
    facets: products.facets,
    priceRange: products.priceRange,
    pageSize: LIST_PAGE_SIZE,
    emptyReason: null,
    listName: header?.name ?? '',
  };
  const product = await loadProduct(c, productAlias);
  if (!product) throw new Error(`bench product ${productAlias} not found`);
  const [colourVariants, reviews, related] = await Promise.all([
    loadColourVariants(c, product),
    loadReviews(c, product.alias),
    loadRelatedProducts(c, product.alias),
  ]);
  return { chrome, home, list, product: { product, colourVariants, reviews, related } };
}

type BenchData = Awaited<ReturnType<typeof loadBenchData>>;

/** A promise `use()` reads at once, as the pages' render-ahead leaves ready data. */
function ready<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

async function render(data: BenchData, page: ReactElement, prerender = true): Promise<number> {
  const stream = await renderToReadableStream(
    <Document
      shop={shop}
      title="Kontorsgiganten"
      description=""
      nonce="bench"
      stylesheet="/assets/styles.css"
      cartCount={0}
      chrome={data.chrome}
      shipping={{ fee: '49 kr', freeFrom: '499 kr' }}
      prerender={prerender}
    >
      {page}
    </Document>,
    { nonce: 'bench', bootstrapModules: ['/assets/entry.js'], progressiveChunkSize: 2 ** 30 },
  );
  await stream.allReady;
  // The worker hands the bytes on as they come: read them the same way, without decoding them again.
  let bytes = 0;
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
  return bytes;
}

export function renderList(data: BenchData): Promise<number> {
  return render(data, <ListPage data={data.list} />);
}

export function renderProduct(data: BenchData): Promise<number> {
  const { product, colourVariants, reviews, related } = data.product;
  const url = `http://127.0.0.1/p/${product.alias}`;
  const seo = { product, url, images: [], currency: 'SEK', trail: [] } as never;
  return render(
    data,
    <ProductPage
      data={
        {
          product,
          colourVariants,
          isFavorite: false,
          notifyStatus: null,
          reviewForm: { kind: 'guest' },
          reviews: ready(reviews),
          related: ready(related),
        } as never
      }
      colour={null}
      structuredData={[productJsonLd(seo), breadcrumbJsonLd(seo)]}
    />,
  );
}

export function renderHome(data: BenchData): Promise<number> {
  return render(data, <HomePage data={data.home} />);
}
