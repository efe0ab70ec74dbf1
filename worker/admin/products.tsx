/**
 * /admin/products (issue 27): stock and prices. Find a product; set its stock per SKU, its regular price
 * per market (incl. VAT, as staff type it: "119" or "119,50"), a campaign price of its own with dates, and
 * publish or hide it. The shop's pages show each change at once (kept pages are retired by the product's
 * announcement; publishing, hiding and campaigns also retire the cached API answers of every list).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ProductsPage } from '../../client/views/admin/ProductsPage';
import { ProductPage } from '../../client/views/admin/ProductPage';
import { ADMIN_LOCALE_ISO } from '../../locales/admin';
import {
  addProductCampaign,
  addProductImage,
  removeProductImage,
  endProductCampaign,
  findProductsForStaff,
  productForStaff,
  setProductActive,
  setProductPrices,
  setProductStock,
  type SkuStock,
  type StaffProduct,
} from '../commerce/catalog/product-admin';
import { shopDay } from '../commerce/orders/withdrawal-period';
import { slugOf } from '../commerce/catalog/import';
import { IMAGE_CONTENT_TYPES, imageInfoOf } from '../commerce/catalog/image-size';
import { MAX_IMAGE_BYTES } from '../middleware/request-limits';
import { PRODUCT_IMAGE_PREFIX } from '../routes/product-images';
import { bumpCatalogVersion } from '../graphql/catalog-version';
import { builtInApiOnly, doneTo, writers, type AdminContext, type AdminEnv } from './context';
import { renderAdmin, renderAdminMessage } from './render';
import { adminMarkets, pageOf, pagesOf } from './pages';
import { auditStatement, mayWrite } from './staff';

const PER_PAGE = 50;

/** A SKU's stock in the audit log: its units, or `{ static: units }` for stated stock. */
function loggedStock(units: number, isStatic: boolean): number | { static: number } {
  return isStatic ? { static: units } : units;
}
const ProductId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number));
const Units = v.pipe(v.string(), v.trim(), v.regex(/^\d{1,7}$/), v.transform(Number), v.maxValue(1_000_000));
/** A price as staff type it, in major units: "119", "119,50", "119.5" → minor units. */
const Amount = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,7}([.,]\d{1,2})?$/),
  v.transform((text) => {
    const [whole, fraction = ''] = text.split(/[.,]/) as [string, string?];
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  }),
  v.minValue(1),
);
const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/), v.isoDate());
const Campaign = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80)),
    percent: v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number), v.minValue(1), v.maxValue(90)),
    starts: Day,
    ends: v.optional(v.union([v.literal(''), Day]), ''),
  }),
  v.check((campaign) => campaign.ends === '' || campaign.ends >= campaign.starts),
);

/** Minor units as the price field shows them: "119" or "119,50" (a dot in English). */
function amountText(c: AdminContext, amount: number): string {
  const whole = Math.floor(amount / 100);
  const cents = amount % 100;
  if (cents === 0) return String(whole);
  return `${whole}${c.var.adminLocale === 'sv' ? ',' : '.'}${String(cents).padStart(2, '0')}`;
}

async function productView(c: AdminContext, product: StaffProduct, now: Date) {
  const names = new Map((await adminMarkets(c)).map((market) => [market.value, market.country]));
  const day = (iso: string) =>
    new Intl.DateTimeFormat(ADMIN_LOCALE_ISO[c.var.adminLocale], {
      dateStyle: 'medium',
      timeZone: 'Europe/Stockholm',
    }).format(new Date(iso));
  return (
    <ProductPage
      at={c.var.at}
      canWrite={mayWrite(c.var.staff)}
      id={product.id}
      name={product.name}
      article={product.articleNumber}
      shopHref={product.active && product.alias ? `/p/${product.alias}` : null}
      published={product.active}
      skus={product.skus.map((sku) => ({
        id: sku.id,
        article: sku.articleNumber,
        size: sku.size,
        stock: sku.stock,
        staticStock: sku.staticStock,
      }))}
      prices={product.prices.map((price) => ({
        marketId: price.marketId,
        market: names.get(price.marketId) ?? price.marketId,
        currency: price.currency,
        amount: amountText(c, price.regularIncVat),
        vatRate: c.var.at('product.vatRate', { rate: price.vatRateBp / 100 }),
      }))}
      campaigns={product.campaigns.map((campaign) => ({
        id: campaign.id,
        name: campaign.name,
        own: campaign.own,
        running: campaign.endsAt === null || campaign.endsAt > now.toISOString(),
        range: c.var.at('product.campaignRange', {
          percent: campaign.percent,
          from: day(campaign.startsAt),
          // A campaign ends at the first moment of the day after its last.
          to: campaign.endsAt
            ? day(new Date(Date.parse(campaign.endsAt) - 1).toISOString())
            : c.var.at('product.untilFurther'),
        }),
      }))}
      today={now.toISOString().slice(0, 10)}
      images={product.images.map((image) => ({
        position: image.position,
        src: `/images/products/${encodeURIComponent(image.fileName)}`,
        width: image.width,
        height: image.height,
      }))}
    />
  );
}

/** The product the path names (`/:id`), or null for an unknown or malformed id. */
async function productFromPath(c: AdminContext): Promise<StaffProduct | null> {
  const id = v.safeParse(ProductId, c.req.param('id'));
  return id.success ? productForStaff(c.env.DB, id.output) : null;
}

export function productRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.use('*', builtInApiOnly);
  routes.use('*', writers);

  routes.get('/', async function productList(c) {
    const q = (c.req.query('q') ?? '').slice(0, 100);
    const { page, skip, take } = pageOf(c, PER_PAGE);
    const { total, rows } = await findProductsForStaff(c.env.DB, q, { skip, take });
    return renderAdmin(c, {
      title: c.var.at('products.title'),
      body: (
        <ProductsPage
          at={c.var.at}
          q={q}
          rows={rows.map((row) => ({
            id: row.id,
            name: row.name,
            article: row.articleNumber,
            stock: row.stock,
            published: row.active,
          }))}
          total={total}
          page={page}
          pages={pagesOf(total, PER_PAGE)}
          base={q ? `/admin/products?q=${encodeURIComponent(q)}` : '/admin/products'}
        />
      ),
    });
  });

  const pathOf = (product: StaffProduct) => `/admin/products/${product.id}` as const;

  routes.get('/:id', async function productPage(c) {
    const product = await productFromPath(c);
    if (!product) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    return renderAdmin(c, { title: product.name, body: await productView(c, product, new Date()) });
  });

  routes.post('/:id/stock', async function saveStock(c) {
    const product = await productFromPath(c);
    if (!product) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const form = await c.req.parseBody();
    const stock = new Map<number, SkuStock>();
    for (const sku of product.skus) {
      const units = v.safeParse(Units, form[`stock-${sku.id}`]);
      if (!units.success) return doneTo(c, pathOf(product), 'product.stockInvalid', undefined, 'error');
      const wanted = { units: units.output, static: form[`static-${sku.id}`] === 'on' };
      if (wanted.units !== sku.stock || wanted.static !== (sku.staticStock !== null)) stock.set(sku.id, wanted);
    }
    const now = new Date();
    const changed = product.skus.filter((sku) => stock.has(sku.id));
    if (stock.size > 0)
      await setProductStock(c.env.DB, product.id, stock, [
        auditStatement(
          c.env.DB,
          c.var.staff,
          {
            action: 'product.stock',
            subject: `product:${product.id}`,
            before: Object.fromEntries(
              changed.map((sku) => [sku.articleNumber, loggedStock(sku.stock, sku.staticStock !== null)]),
            ),
            after: Object.fromEntries(
              changed.map((sku) => [
                sku.articleNumber,
                loggedStock(stock.get(sku.id)!.units, stock.get(sku.id)!.static === true),
              ]),
            ),
          },
          now,
        ),
      ]);
    return doneTo(c, pathOf(product), 'product.stockSaved');
  });

  routes.post('/:id/prices', async function savePrices(c) {
    const product = await productFromPath(c);
    if (!product) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const form = await c.req.parseBody();
    const prices = new Map<string, number>();
    for (const price of product.prices) {
      const amount = v.safeParse(Amount, form[`price-${price.marketId}`]);
      if (!amount.success) return doneTo(c, pathOf(product), 'product.priceInvalid', undefined, 'error');
      if (amount.output !== price.regularIncVat) prices.set(price.marketId, amount.output);
    }
    const now = new Date();
    if (prices.size > 0)
      await setProductPrices(c.env.DB, product.id, prices, now, [
        auditStatement(
          c.env.DB,
          c.var.staff,
          {
            action: 'product.prices',
            subject: `product:${product.id}`,
            before: Object.fromEntries(
              product.prices
                .filter((price) => prices.has(price.marketId))
                .map((price) => [price.marketId, price.regularIncVat]),
            ),
            after: Object.fromEntries(prices),
          },
          now,
        ),
      ]);
    return doneTo(c, pathOf(product), 'product.pricesSaved');
  });

  routes.post('/:id/visibility', async function changeVisibility(c) {
    const product = await productFromPath(c);
    if (!product) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const published = (await c.req.parseBody()).published === '1';
    const now = new Date();
    await setProductActive(c.env.DB, product.id, published, [
      auditStatement(
        c.env.DB,
        c.var.staff,
        {
          action: published ? 'product.publish' : 'product.hide',
          subject: `product:${product.id}`,
          before: { published: product.active },
          after: { published },
        },
        now,
      ),
    ]);
    // Lists, search and campaign pages that should (or should no longer) show it are not kept either.
    await bumpCatalogVersion(c.env.DB);
    return doneTo(c, pathOf(product), published ? 'product.published' : 'product.hiddenNow');
  });

  routes.post('/:id/campaigns', async function addCampaign(c) {
    const product = await productFromPath(c);
    if (!product) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const form = v.safeParse(Campaign, await c.req.parseBody());
    if (!form.success) return doneTo(c, pathOf(product), 'product.campaignInvalid', undefined, 'error');
    const { name, percent, starts, ends } = form.output;
    const campaign = {
      name,
      percent,
      startsAt: shopDay(starts).start.toISOString(),
      endsAt: ends ? shopDay(ends).next.toISOString() : null,
    };
    const now = new Date();
    await addProductCampaign(c.env.DB, product.id, campaign, now, [
      auditStatement(
        c.env.DB,
        c.var.staff,
        { action: 'product.campaign.add', subject: `product:${product.id}`, before: null, after: campaign },
        now,
      ),
    ]);
    await bumpCatalogVersion(c.env.DB);
    return doneTo(c, pathOf(product), 'product.campaignAdded');
  });

  routes.post('/:id/campaigns/:campaign{[0-9]{1,10}}/end', async function endCampaign(c) {
    const product = await productFromPath(c);
    if (!product) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const campaignId = Number(c.req.param('campaign'));
    const now = new Date();
    const ended = await endProductCampaign(c.env.DB, product.id, campaignId, now, [
      auditStatement(
        c.env.DB,
        c.var.staff,
        {
          action: 'product.campaign.end',
          subject: `product:${product.id} campaign:${campaignId}`,
          before: { endsAt: product.campaigns.find((campaign) => campaign.id === campaignId)?.endsAt ?? null },
          after: { endsAt: now.toISOString() },
        },
        now,
        { afterChange: true },
      ),
    ]);
    if (!ended) return doneTo(c, pathOf(product), 'product.campaignNotEnded', undefined, 'error');
    await bumpCatalogVersion(c.env.DB);
    return doneTo(c, pathOf(product), 'product.campaignEnded');
  });

  routes.post('/:id/images', async function uploadImage(c) {
    const product = await productFromPath(c);
    if (!product) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const file = (await c.req.parseBody()).image;
    const bytes =
      file instanceof File && file.size <= MAX_IMAGE_BYTES ? new Uint8Array(await file.arrayBuffer()) : null;
    const info = bytes ? imageInfoOf(bytes) : null;
    if (!bytes || !info) return doneTo(c, pathOf(product), 'product.imageInvalid', undefined, 'error');
    // A name of its own for every upload: the file is served for a year as it is (immutable).
    const fileName = `${slugOf(product.name)}-${product.id}-${crypto.randomUUID().slice(0, 8)}.${info.type === 'jpeg' ? 'jpg' : info.type}`;
    await c.env.PRODUCT_IMAGES.put(`${PRODUCT_IMAGE_PREFIX}${fileName}`, bytes, {
      httpMetadata: {
        contentType: IMAGE_CONTENT_TYPES[info.type],
        cacheControl: 'public, max-age=31536000, immutable',
      },
    });
    const now = new Date();
    await addProductImage(c.env.DB, product.id, { fileName, width: info.width, height: info.height }, [
      auditStatement(
        c.env.DB,
        c.var.staff,
        { action: 'product.image.add', subject: `product:${product.id}`, before: null, after: { fileName, ...info } },
        now,
      ),
    ]);
    return doneTo(c, pathOf(product), 'product.imageAdded');
  });

  routes.post('/:id/images/:position{[0-9]{1,4}}/remove', async function removeImage(c) {
    const product = await productFromPath(c);
    if (!product) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const position = Number(c.req.param('position'));
    const now = new Date();
    const fileName = await removeProductImage(c.env.DB, product.id, position, [
      auditStatement(
        c.env.DB,
        c.var.staff,
        {
          action: 'product.image.remove',
          subject: `product:${product.id}`,
          before: product.images.find((image) => image.position === position) ?? null,
          after: null,
        },
        now,
      ),
    ]);
    if (fileName === null) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    // An uploaded file goes with its row (the seed's own are static assets: nothing in the bucket).
    await c.env.PRODUCT_IMAGES.delete(`${PRODUCT_IMAGE_PREFIX}${fileName}`);
    return doneTo(c, pathOf(product), 'product.imageRemoved');
  });

  return routes;
}
