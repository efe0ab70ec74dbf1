/**
 * Spec §6 "logging in as user" (issue 27): on every page of a session in which staff are logged in as a
 * customer, who is who, what is closed, and the button that ends it (the back office's, behind Access).
 */
import { useShop } from './ShopContext';

export function ImpersonationBanner({ customer, staff }: { customer: string; staff: string }) {
  const { t } = useShop();
  return (
    <div className="impersonation-banner" role="region" aria-label={t('impersonation.label')}>
      <p className="impersonation-banner__text">{t('impersonation.banner', { customer, staff })}</p>
      <form method="post" action="/admin/impersonation/end">
        <button type="submit" className="button button--primary">
          {t('impersonation.end')}
        </button>
      </form>
    </div>
  );
}
