/**
 * The page the service worker shows offline for a page the shopper has not seen (issue 28), in their
 * language; precached with each build (client/sw/sw.ts). "Try again" asks for the page they wanted anew.
 */
import { useShop } from '../components/ShopContext';

export function OfflinePage() {
  const { t } = useShop();
  return (
    <section className="error-page">
      <h1 className="error-page__title">{t('offline.title')}</h1>
      <p>{t('offline.text')}</p>
      <a className="button button--primary" href="">
        {t('offline.retry')}
      </a>
    </section>
  );
}
