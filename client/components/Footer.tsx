import { useShop } from './ShopContext';

export function Footer({ shipping }: { shipping: { fee: string; freeFrom: string } | null }) {
  const { t } = useShop();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__name">{t('meta.siteName')}</p>
        {shipping && <p>{t('footer.terms', { fee: shipping.fee, freeFrom: shipping.freeFrom })}</p>}
        <p>{t('footer.delivery')}</p>
        <p>{t('footer.payment')}</p>
        <p className="site-footer__copy">{t('footer.copyright', { year: new Date().getUTCFullYear() })}</p>
      </div>
    </footer>
  );
}
