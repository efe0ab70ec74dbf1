/**
 * The start page: the shop's heading, then the editors' widget area (banners, category puffs, product
 * shelves, text) with the current campaigns after its first row, and the newest products when the area has
 * no shelf of them. Catalog data streams in after the shell, each part behind its own Suspense boundary.
 */
import { Suspense } from 'react';
import { CampaignList, CampaignListSkeleton, type CurrentCampaign } from '../components/CampaignList';
import { ProductGrid, ProductGridSkeleton } from '../components/ProductGrid';
import type { ProductCardData } from '../components/ProductCard';
import { useShop } from '../components/ShopContext';
import { WidgetArea } from '../components/widgets/WidgetArea';
import type { WidgetAreaData } from '../components/widgets/types';

export interface HomePageData {
  /** The start page's widget area; null when there is none or it could not be read. */
  area: WidgetAreaData | null;
  campaigns: Promise<CurrentCampaign[] | null>;
  /** The newest products, when the widget area does not already show them. */
  newItems: Promise<ProductCardData[] | null> | null;
}

export function HomePage({ data }: { data: HomePageData }) {
  const { t } = useShop();
  const [lead, ...rest] = data.area?.containers ?? [];
  return (
    <div className="home">
      <div className="home-intro">
        <h1 className="home-intro__title">{t('home.title')}</h1>
        <p className="home-intro__text">{t('home.intro')}</p>
      </div>
      {lead && <WidgetArea containers={[lead]} priority />}
      <CampaignsSection campaigns={data.campaigns} />
      <WidgetArea containers={rest} />
      {data.newItems && <NewItemsSection products={data.newItems} />}
    </div>
  );
}

function CampaignsSection({ campaigns }: { campaigns: Promise<CurrentCampaign[] | null> }) {
  const { t } = useShop();
  return (
    <section className="campaigns" aria-labelledby="home-campaigns">
      <div className="widget-head">
        <h2 id="home-campaigns" className="widget-head__title">
          {t('home.campaigns')}
        </h2>
      </div>
      <Suspense fallback={<CampaignListSkeleton />}>
        <CampaignList campaigns={campaigns} />
      </Suspense>
    </section>
  );
}

function NewItemsSection({ products }: { products: Promise<ProductCardData[] | null> }) {
  const { t, href } = useShop();
  return (
    <section className="shelf-widget" aria-labelledby="home-new-items">
      <div className="widget-head">
        <h2 id="home-new-items" className="widget-head__title">
          {t('home.newItems')}
        </h2>
        <a className="widget-head__link" href={href('news')}>
          {t('home.allNewItems')}
        </a>
      </div>
      <Suspense fallback={<ProductGridSkeleton />}>
        <ProductGrid products={products} listName={t('home.newItems')} />
      </Suspense>
    </section>
  );
}
