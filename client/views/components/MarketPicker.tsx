/**
 * The market and language picker (spec §1 "market/region picker", §4): links to the switch endpoints
 * /api/market and /api/locale (worker/routes/api/preferences.ts), which store the choice and come back to
 * this page, so it works without JavaScript. In the header the lists sit in a `<details>` disclosure;
 * the footer shows them open.
 */
import type { ChromeData } from './chrome-data';
import { useShop } from './ShopContext';

function GlobeIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
    </svg>
  );
}

/**
 * The two lists of choices: markets of the channel, languages of the current market. `idPrefix` keeps
 * the ids of the header's and the footer's lists apart.
 */
export function PickerLists({ chrome, idPrefix }: { chrome: ChromeData; idPrefix: string }) {
  const { t } = useShop();
  const marketsId = `${idPrefix}-markets`;
  const languagesId = `${idPrefix}-languages`;
  return (
    <div className="picker__lists">
      <div className="picker__group">
        <p className="picker__heading" id={marketsId}>
          {t('chrome.picker.markets')}
        </p>
        <ul className="picker__list" aria-labelledby={marketsId}>
          {chrome.markets.map((market) => (
            <li key={market.alias}>
              <a
                className="picker__choice"
                href={market.href}
                rel="nofollow"
                aria-current={market.current ? 'true' : undefined}
              >
                {t('chrome.picker.option', { country: market.country, currency: market.currency })}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className="picker__group">
        <p className="picker__heading" id={languagesId}>
          {t('chrome.picker.languages')}
        </p>
        <ul className="picker__list" aria-labelledby={languagesId}>
          {chrome.languages.map((language) => (
            <li key={language.locale}>
              <a
                className="picker__choice"
                href={language.href}
                rel="nofollow"
                lang={language.locale}
                hrefLang={language.locale}
                aria-current={language.current ? 'true' : undefined}
              >
                {language.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The header's picker: a button showing the current country, currency and language. */
export function MarketPicker({ chrome }: { chrome: ChromeData }) {
  const { t } = useShop();
  if (chrome.markets.length === 0) return null;
  const language = chrome.languages.find((choice) => choice.current);
  return (
    <details className="picker" data-dismissable="">
      <summary className="picker__button">
        <GlobeIcon />
        <span className="visually-hidden">{t('chrome.picker.label')}: </span>
        <span className="picker__current">
          {chrome.currentMarket.country}
          <span className="picker__currency">
            <span aria-hidden="true"> · </span>
            <span className="visually-hidden">, </span>
            {chrome.currentMarket.currency}
          </span>
          {language && (
            <span className="picker__language">
              <span aria-hidden="true"> · </span>
              <span className="visually-hidden">, </span>
              {language.name}
            </span>
          )}
        </span>
      </summary>
      <div className="picker__panel">
        <PickerLists chrome={chrome} idPrefix="header-picker" />
      </div>
    </details>
  );
}
