/**
 * The error layout (spec §2, §8): the 404 page for status 404, otherwise the generic error page with a
 * button to the start page. No internals of the failure are shown.
 */
import { useShop } from '../components/ShopContext';

export function ErrorPage({ status }: { status: number }) {
  const { t, localePrefix } = useShop();
  const notFound = status === 404;
  return (
    <section className="error-page">
      <p className="error-page__status">{t('errors.status', { status })}</p>
      <h1 className="error-page__title">{notFound ? t('errors.notFoundTitle') : t('errors.title')}</h1>
      <p>{notFound ? t('errors.notFoundText') : t('errors.generic')}</p>
      <a className="button button--primary" href={localePrefix || '/'}>
        {t('errors.toStart')}
      </a>
    </section>
  );
}
