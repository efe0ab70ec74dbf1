/**
 * The page footer (issue 5 "Header and footer"): the shop's terms where shoppers look for them (spec §1,
 * §9: shipping and the free-shipping limit in the market's currency, dispatch time, return fee,
 * withdrawal and complaint periods, invoice term), the payment methods, the API's 'footer' menu and
 * the market and language choices.
 */
import { NEWSLETTER_ID, NEWSLETTER_PARAMETER, type ChromeData, type NewsletterResult } from './chrome-data';
import { PickerLists } from './MarketPicker';
import { useShop } from './ShopContext';
import { FORM_ACTIONS } from '../../../core/form-actions';
import { ConsentForm } from './ConsentBanner';
import type { ConsentChoice } from './chrome-data';

/**
 * The footer's way back to the cookie choice (issue 12): what was chosen, and a button that asks again; or,
 * when the browser refuses tracking (Do Not Track, Global Privacy Control), that this is respected and there
 * is nothing to choose.
 */
function ConsentSettings({ choice, refusedByBrowser }: { choice: ConsentChoice | null; refusedByBrowser: boolean }) {
  const { t, currentPath } = useShop();
  if (refusedByBrowser) {
    return (
      <div className="site-footer__consent">
        <p className="site-footer__consent-text">{t('chrome.consent.browserRefuses')}</p>
      </div>
    );
  }
  return (
    <div className="site-footer__consent">
      {choice && <p className="site-footer__consent-text">{t(`chrome.consent.current.${choice}`)}</p>}
      <ConsentForm choice="ask" label={t('chrome.consent.settings')} redirect={currentPath} />
    </div>
  );
}

export interface FooterProps {
  /** Shipping fee and free-shipping limit formatted in the market's currency. */
  shipping: { fee: string; freeFrom: string } | null;
  chrome: ChromeData;
}

/**
 * This page without a previous signup's answer, to come back to after the next one. Only the query is
 * parsed: the footer is on the error page too, which must render whatever path was asked for (spec §8).
 */
function withoutNewsletterAnswer(path: string): string {
  const at = path.indexOf('?');
  if (at === -1) return path;
  const query = new URLSearchParams(path.slice(at + 1));
  query.delete(NEWSLETTER_PARAMETER);
  const rest = query.toString();
  return rest ? `${path.slice(0, at)}?${rest}` : path.slice(0, at);
}

/** The newsletter signup (worker/routes/forms/newsletter.ts): a plain POST form, its answer shown below it. */
function NewsletterSignup({ result }: { result: NewsletterResult | null }) {
  const { t, currentPath } = useShop();
  const message =
    result === 'ok'
      ? t('chrome.newsletter.ok')
      : result === 'invalid-email'
        ? t('chrome.newsletter.invalidEmail')
        : result === 'error'
          ? t('errors.generic')
          : null;
  return (
    <section id={NEWSLETTER_ID} className="newsletter" aria-labelledby="newsletter-title">
      <div className="newsletter__intro">
        <h2 className="site-footer__title" id="newsletter-title">
          {t('chrome.newsletter.title')}
        </h2>
        <p className="newsletter__text">{t('chrome.newsletter.text')}</p>
      </div>
      <form className="newsletter__form" method="post" action={FORM_ACTIONS.newsletter}>
        <input type="hidden" name="redirect" value={withoutNewsletterAnswer(currentPath)} />
        <label className="newsletter__label" htmlFor="newsletter-email">
          {t('chrome.newsletter.email')}
        </label>
        <div className="newsletter__row">
          <input
            id="newsletter-email"
            className="newsletter__input"
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={254}
            aria-invalid={result === 'invalid-email' ? true : undefined}
            aria-describedby={message ? 'newsletter-message' : undefined}
          />
          <button className="newsletter__submit" type="submit">
            {t('chrome.newsletter.submit')}
          </button>
        </div>
        {message && (
          <p
            id="newsletter-message"
            className={result === 'ok' ? 'newsletter__message' : 'newsletter__message newsletter__message--error'}
            role={result === 'ok' ? 'status' : 'alert'}
          >
            {message}
          </p>
        )}
      </form>
    </section>
  );
}

/** Swish is a Swedish payment method: offered in the Swedish market only. */
const SWISH_COUNTRY = 'SE';

export function Footer({ shipping, chrome }: FooterProps) {
  const { t, market } = useShop();
  // Fixed ids: the footer is rendered as a string of its own (Prerendered), where useId could repeat.
  const termsId = 'footer-terms';
  const paymentId = 'footer-payment';
  const infoId = 'footer-information';
  const settingsId = 'footer-settings';
  const methods = [
    t('footer.paymentMethods.card'),
    ...(market.country === SWISH_COUNTRY ? [t('footer.paymentMethods.swish')] : []),
    t('footer.paymentMethods.invoice'),
    t('footer.paymentMethods.instalment'),
  ];
  return (
    <footer className="site-footer">
      <NewsletterSignup result={chrome.newsletter} />
      <div className="site-footer__inner">
        <section className="site-footer__section" aria-labelledby={termsId}>
          <h2 className="site-footer__title" id={termsId}>
            {t('footer.termsTitle')}
          </h2>
          <ul className="site-footer__terms">
            {shipping && <li>{t('footer.shipping', { fee: shipping.fee, freeFrom: shipping.freeFrom })}</li>}
            <li>{t('footer.delivery')}</li>
            {shipping && <li>{t('footer.returns', { fee: shipping.fee })}</li>}
            <li>{t('footer.withdrawal')}</li>
            <li>{t('footer.complaint')}</li>
            <li>{t('footer.invoice')}</li>
          </ul>
        </section>
        <section className="site-footer__section" aria-labelledby={paymentId}>
          <h2 className="site-footer__title" id={paymentId}>
            {t('footer.paymentTitle')}
          </h2>
          <ul className="payment-methods">
            {methods.map((method) => (
              <li key={method} className="payment-methods__item">
                {method}
              </li>
            ))}
          </ul>
        </section>
        {chrome.footerMenu.length > 0 && (
          <nav className="site-footer__section" aria-labelledby={infoId}>
            <h2 className="site-footer__title" id={infoId}>
              {t('footer.informationTitle')}
            </h2>
            <ul className="site-footer__links">
              {chrome.footerMenu.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    aria-current={link.current ? 'page' : undefined}
                    {...(link.external ? { target: '_blank', rel: 'noopener' } : {})}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {chrome.markets.length > 0 && (
          <section className="site-footer__section picker picker--open" aria-labelledby={settingsId}>
            <h2 className="site-footer__title" id={settingsId}>
              {t('chrome.picker.label')}
            </h2>
            <PickerLists chrome={chrome} idPrefix="footer-picker" />
          </section>
        )}
      </div>
      <div className="site-footer__bottom">
        <p className="site-footer__name">{t('meta.siteName')}</p>
        {chrome.consent.offered && (
          <ConsentSettings choice={chrome.pageData.consent} refusedByBrowser={chrome.consent.refusedByBrowser} />
        )}
        <p className="site-footer__copy">{t('footer.copyright', { year: new Date().getUTCFullYear() })}</p>
      </div>
    </footer>
  );
}
