import { use } from 'react';
import { pluralKey } from '../../../locales';
import { useShop } from './ShopContext';

/** A discount campaign running now, as the start page presents it. */
export interface CurrentCampaign {
  alias: string;
  name: string;
  description: string | null;
  /** Products in the campaign in the current market. */
  count: number;
}

/**
 * The current discount campaigns, each a card linking to its product list (`/dc/{alias}`). The promise never
 * rejects: null (a failed load) shows the generic error text in its place.
 */
export function CampaignList({ campaigns }: { campaigns: Promise<CurrentCampaign[] | null> }) {
  const { t, href, locale } = useShop();
  const list = use(campaigns);
  if (!list) return <p className="notice notice--error">{t('errors.generic')}</p>;
  if (list.length === 0) return <p className="campaigns__empty">{t('home.noCampaigns')}</p>;
  return (
    <ul className="campaign-list">
      {list.map((campaign) => (
        <li key={campaign.alias} className="campaign-card">
          <h3 className="campaign-card__name">
            <a className="campaign-card__link" href={href('discount-campaign', { discountCampaign: campaign.alias })}>
              {campaign.name}
            </a>
          </h3>
          {campaign.description && <p className="campaign-card__text">{campaign.description}</p>}
          <p className="campaign-card__count">
            {t(`home.campaignProducts.${pluralKey(locale, campaign.count)}`, { count: campaign.count })}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function CampaignListSkeleton() {
  const { t } = useShop();
  return (
    <div className="campaign-list campaign-list--loading" role="status">
      <span className="visually-hidden">{t('home.loadingCampaigns')}</span>
    </div>
  );
}
