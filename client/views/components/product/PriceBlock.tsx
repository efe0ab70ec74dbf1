/**
 * The product's price (spec §3 Price), including or excluding VAT by customer type (spec §4). When it
 * is discounted: the regular price, the discount percentage and the lowest price of the last 30 days
 * (the EU's 'prior price' rule for announced price reductions), and the campaigns it comes from.
 */
import { withoutMarketPath } from '../../../../core/market-path';
import { useShop } from '../ShopContext';
import type { CampaignData, LowestPriceData, PriceData } from './types';

/** The campaign's list path from the API's `/dc/{alias}`. */
function campaignAliasOf(url: string | null): string | null {
  const match = (url && withoutMarketPath(url))?.match(/^\/dc\/(.+)$/);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

export function PriceBlock({
  price,
  lowest,
  campaigns,
}: {
  price: PriceData;
  lowest: LowestPriceData | null;
  campaigns: readonly CampaignData[];
}) {
  const { t, href, pricesIncludeVat } = useShop();
  const selling = pricesIncludeVat ? price.sellingPriceIncVatFormatted : price.sellingPriceExVatFormatted;
  const regular = pricesIncludeVat ? price.regularPriceIncVatFormatted : price.regularPriceExVatFormatted;
  const lowestPrice = pricesIncludeVat ? lowest?.lowestPriceIncVatFormatted : lowest?.lowestPriceExVatFormatted;
  const labels = campaigns.filter((campaign) => campaign.name && !campaign.hideTitle);
  return (
    <div className="product-price">
      <p className="product-price__main">
        <span className="visually-hidden">{t('productPage.price')} </span>
        <span
          className={
            price.isDiscounted ? 'product-price__selling product-price__selling--sale' : 'product-price__selling'
          }
        >
          {selling}
        </span>
        {price.isDiscounted && (
          <span className="product-price__badge">{t('product.discount', { percent: price.discountPercentage })}</span>
        )}
        <span className="product-price__vat">{t(pricesIncludeVat ? 'product.incVat' : 'product.exVat')}</span>
      </p>
      {price.isDiscounted && regular && (
        <p className="product-price__regular">{t('product.regularPrice', { price: regular })}</p>
      )}
      {price.isDiscounted && lowestPrice && (
        <p className="product-price__lowest">{t('productPage.lowestPrice', { price: lowestPrice })}</p>
      )}
      {labels.length > 0 && (
        <ul className="campaign-labels" aria-label={t('productPage.campaigns')}>
          {labels.map((campaign) => {
            const alias = campaignAliasOf(campaign.canonicalUrl);
            return (
              <li key={campaign.campaignId}>
                {alias ? (
                  <a className="campaign-label" href={href('discount-campaign', { discountCampaign: alias })}>
                    {campaign.name}
                  </a>
                ) : (
                  <span className="campaign-label">{campaign.name}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
