/**
 * One product's stock and prices (issue 27): publish or hide it, its stock per article, its regular price
 * per market, and campaign prices with dates. Each part is its own plain form; the shop shows a change at once.
 */
import type { AdminTranslate } from '../../../locales/admin';
import { ReadOnlyNote } from './parts';

export interface ProductPageProps {
  at: AdminTranslate;
  canWrite: boolean;
  id: number;
  name: string;
  article: string;
  shopHref: string | null;
  published: boolean;
  skus: { id: number; article: string; size: string | null; stock: number; staticStock: number | null }[];
  prices: { marketId: string; market: string; currency: string; amount: string; vatRate: string }[];
  campaigns: { id: number; name: string; range: string; own: boolean; running: boolean }[];
  images: { position: number; src: string; width: number; height: number }[];
  today: string;
}

export function ProductPage(props: ProductPageProps) {
  const { at, canWrite } = props;
  const base = `/admin/products/${props.id}`;
  const disabled = !canWrite;
  return (
    <>
      <p>
        <a href="/admin/products">{at('product.back')}</a>
        {props.shopHref ? (
          <>
            {' · '}
            <a href={props.shopHref}>{at('product.onShop')}</a>
          </>
        ) : null}
      </p>
      <h1>{props.name}</h1>
      <p className="admin-muted">
        {at('products.article')}: {props.article}
      </p>
      {canWrite ? null : <ReadOnlyNote at={at} />}

      <section className="admin-panel" aria-labelledby="product-visibility">
        <h2 id="product-visibility">{at('product.visibility')}</h2>
        <p>{props.published ? at('product.isPublished') : at('product.isHidden')}</p>
        {canWrite ? (
          <form className="admin-form" method="post" action={`${base}/visibility`}>
            <input type="hidden" name="published" value={props.published ? '0' : '1'} />
            <button className="admin-button" type="submit">
              {props.published ? at('product.hide') : at('product.publish')}
            </button>
          </form>
        ) : null}
      </section>

      <section className="admin-panel" aria-labelledby="product-stock">
        <h2 id="product-stock">{at('product.stock')}</h2>
        <form className="admin-form" method="post" action={`${base}/stock`}>
          {props.skus.map((sku) => (
            <div className="admin-stock" key={sku.id}>
              <label>
                {sku.size ? `${sku.article} · ${at('product.size')} ${sku.size}` : sku.article}
                <input
                  type="number"
                  name={`stock-${sku.id}`}
                  defaultValue={sku.stock}
                  min={0}
                  max={1_000_000}
                  step={1}
                  required
                  disabled={disabled}
                  inputMode="numeric"
                />
                {sku.staticStock !== null ? (
                  <small>{at('product.staticStock', { units: sku.staticStock })}</small>
                ) : (
                  <small>{at('product.units')}</small>
                )}
              </label>
              <label className="admin-check">
                <input
                  type="checkbox"
                  name={`static-${sku.id}`}
                  defaultChecked={sku.staticStock !== null}
                  disabled={disabled}
                />{' '}
                {at('product.staticChoice')}
                <span className="admin-skip"> {sku.article}</span>
              </label>
            </div>
          ))}
          {canWrite ? (
            <button className="admin-button admin-button--primary" type="submit">
              {at('product.saveStock')}
            </button>
          ) : null}
        </form>
      </section>

      <section className="admin-panel" aria-labelledby="product-prices">
        <h2 id="product-prices">{at('product.prices')}</h2>
        <form className="admin-form" method="post" action={`${base}/prices`}>
          {props.prices.map((price) => (
            <label key={price.marketId}>
              {price.market}
              <input
                type="text"
                name={`price-${price.marketId}`}
                defaultValue={price.amount}
                inputMode="decimal"
                pattern="[0-9]+([,.][0-9]{1,2})?"
                required
                disabled={disabled}
                aria-label={`${price.market}: ${at('product.priceLabel', { currency: price.currency })}`}
              />
              <small>
                {at('product.priceLabel', { currency: price.currency })} · {price.vatRate}
              </small>
            </label>
          ))}
          {canWrite ? (
            <button className="admin-button admin-button--primary" type="submit">
              {at('product.savePrices')}
            </button>
          ) : null}
        </form>
      </section>

      <section className="admin-panel" aria-labelledby="product-images">
        <h2 id="product-images">{at('product.images')}</h2>
        {props.images.length === 0 ? <p>{at('product.noImages')}</p> : null}
        <ul className="admin-images">
          {props.images.map((image) => (
            <li key={image.position}>
              <img
                src={image.src}
                alt={at('product.image', image)}
                width={120}
                height={Math.round((120 * image.height) / image.width)}
                loading="lazy"
              />
              <span>{at('product.image', image)}</span>
              {canWrite ? (
                <form className="admin-form" method="post" action={`${base}/images/${image.position}/remove`}>
                  <button className="admin-button" type="submit">
                    {at('product.removeImage', { position: image.position })}
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
        {canWrite ? (
          <form className="admin-form" method="post" action={`${base}/images`} encType="multipart/form-data">
            <label>
              {at('product.imageFile')}
              <input
                type="file"
                name="image"
                accept="image/png,image/jpeg,image/webp"
                required
                aria-describedby="product-image-hint"
              />
              <small id="product-image-hint">{at('product.imageHint')}</small>
            </label>
            <button className="admin-button admin-button--primary" type="submit">
              {at('product.addImage')}
            </button>
          </form>
        ) : null}
      </section>

      <section className="admin-panel" aria-labelledby="product-campaigns">
        <h2 id="product-campaigns">{at('product.campaigns')}</h2>
        {props.campaigns.length === 0 ? <p>{at('product.noCampaigns')}</p> : null}
        <ul>
          {props.campaigns.map((campaign) => (
            <li key={campaign.id}>
              <strong>{campaign.name}</strong> {campaign.range} {campaign.own ? null : at('product.sharedCampaign')}
              {canWrite && campaign.own && campaign.running ? (
                <form className="admin-form" method="post" action={`${base}/campaigns/${campaign.id}/end`}>
                  <button className="admin-button" type="submit">
                    {at('product.endCampaign')}
                    <span className="admin-skip"> {campaign.name}</span>
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
        {canWrite ? (
          <form className="admin-form" method="post" action={`${base}/campaigns`}>
            <label>
              {at('product.campaignName')}
              <input type="text" name="name" required maxLength={80} />
            </label>
            <label>
              {at('product.percent')}
              <input type="number" name="percent" min={1} max={90} step={1} required inputMode="numeric" />
            </label>
            <label>
              {at('product.starts')}
              <input type="date" name="starts" defaultValue={props.today} required />
            </label>
            <label>
              {at('product.ends')}
              <input type="date" name="ends" aria-describedby="product-ends-hint" />
              <small id="product-ends-hint">{at('product.endsHint')}</small>
            </label>
            <button className="admin-button admin-button--primary" type="submit">
              {at('product.addCampaign')}
            </button>
          </form>
        ) : null}
      </section>
    </>
  );
}
