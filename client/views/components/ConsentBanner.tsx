/**
 * The cookie banner (issue 12; spec §3 'Cookie consent'), shown only when something needs consent (a tag
 * manager is configured) and the shopper has not chosen yet. Two plain POST forms of equal weight,
 * 'accept' and 'only necessary', so rejecting is as easy as accepting and both work without
 * JavaScript; a script (client/browser/consent.ts) answers them in place when it runs. It is a region,
 * not a modal: the page stays usable, and nothing is tracked while it waits.
 */
import { FORM_ACTIONS } from '../../../core/form-actions';
import { useShop } from './ShopContext';

export const CONSENT_BANNER_ID = 'cookie-consent';

export function ConsentBanner() {
  const { t, currentPath, href } = useShop();
  return (
    <section id={CONSENT_BANNER_ID} className="consent-banner" aria-labelledby="consent-title" data-consent-banner="">
      <div className="consent-banner__inner">
        <h2 className="consent-banner__title" id="consent-title">
          {t('chrome.consent.title')}
        </h2>
        <p className="consent-banner__text">
          {t('chrome.consent.text')}{' '}
          <a href={href('content-page', { alias: t('chrome.consent.privacyAlias') })}>{t('chrome.consent.readMore')}</a>
        </p>
        <div className="consent-banner__actions">
          <ConsentForm choice="accept" label={t('chrome.consent.accept')} redirect={currentPath} />
          <ConsentForm choice="reject" label={t('chrome.consent.reject')} redirect={currentPath} />
        </div>
      </div>
    </section>
  );
}

/** One choice as its own form: the same button style for both (the shopper is not nudged). */
export function ConsentForm({
  choice,
  label,
  redirect,
}: {
  choice: 'accept' | 'reject' | 'ask';
  label: string;
  redirect: string;
}) {
  return (
    <form method="post" action={FORM_ACTIONS.consent} className="consent-form" data-consent-form="">
      <input type="hidden" name="choice" value={choice} />
      <input type="hidden" name="redirect" value={redirect} />
      <button type="submit" className="button button--primary consent-form__button">
        {label}
      </button>
    </form>
  );
}
