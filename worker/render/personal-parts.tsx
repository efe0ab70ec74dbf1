/**
 * The shopper's own parts of a page kept for everyone (issue 15, worker/routes/page-cache.ts): a kept page
 * is rendered for nobody in particular (a guest with an empty cart, no favorites, no notice, no cookie
 * choice) and these parts are put into it per request by `HTMLRewriter` while it streams, so a shopper
 * without JavaScript sees the truth too:
 * - the CSP nonce of this response on every element that carries one;
 * - the header's cart count (number, `data-count`, spoken label) and favorites count;
 * - the hearts of favorite products (`aria-pressed` of each favorite form's button and each card's heart);
 * - "Logga in" or the customer's "Mina sidor" menu (the guest's link and login panel give way);
 * - the browser's scope and the analytics page data (login, cookie choice);
 * - the flash notice at the top of <main>; the cookie banner and the footer's current choice, or, for a
 *   browser that refuses tracking (Do Not Track, Global Privacy Control; worker/render/consent.ts), no
 *   banner and the footer's word that this is respected. The kept page itself is rendered without those
 *   signals (worker/routes/page-cache.ts), so it always asks, and one visitor's variant never reaches another.
 */
import type { Context } from 'hono';
import { renderToString } from 'react-dom/server.edge';
import type { ReactNode } from 'react';
import { pluralKey } from '../../locales';
import { countForm } from '../../locales/plural';
import { AccountMenu } from '../../client/views/components/Header';
import { FlashNotice, type FlashMessage } from '../../client/views/components/FlashNotice';
import { ShopContext, type ShopContextValue } from '../../client/views/components/ShopContext';
import { serializeProps } from '../../client/views/components/Island';
import { escapeHtml } from '../../client/views/components/html-string';
import type { ConsentChoice } from '../../client/views/components/chrome-data';
import type { AppEnv } from '../app-env';
import { pageDataOf } from './chrome';
import { consentStateOf, effectiveConsent } from './consent';
import { shopperShell } from './renderer';
import { shopScopeOf } from './shop-scope';

/** What of this shopper a kept page shows. */
export interface PersonalParts {
  nonce: string | undefined;
  cartCount: number;
  favoriteIds: ReadonlySet<number>;
  loggedIn: boolean;
  flash: FlashMessage | null;
  consent: ConsentChoice | null;
  /** The browser refuses tracking and a tag manager is configured: nothing is asked. */
  trackingRefused: boolean;
  shop: ShopContextValue;
  scopeJson: string | null;
  pageDataJson: string;
}

/** This shopper's parts of the page: the same reads the document shell makes when it renders a page. */
export async function personalParts(c: Context<AppEnv>): Promise<PersonalParts> {
  const { shop, cartCount, flash } = await shopperShell(c);
  const consentState = consentStateOf(c);
  const consent = consentState.choice;
  return {
    nonce: c.get('secureHeadersNonce'),
    cartCount,
    favoriteIds: shop.favoriteIds ?? new Set(),
    loggedIn: shop.loggedIn,
    flash,
    consent,
    trackingRefused: consentState.refusedByBrowser,
    shop,
    scopeJson: (() => {
      const scope = shopScopeOf(c, shop.localePrefix);
      return scope ? serializeProps(scope) : null;
    })(),
    pageDataJson: serializeProps(pageDataOf(c, effectiveConsent(consentState))),
  };
}

/**
 * Whether the kept page is this shopper's page as it is, but for the nonce: a guest with an empty cart, no
 * favorites, no notice, no cookie choice nor a refusal of tracking, the same scope and page data (most views
 * are these).
 */
export function nothingOwnInPage(pageContains: (text: string) => boolean, parts: PersonalParts): boolean {
  const { loggedIn, cartCount, favoriteIds, flash, consent, trackingRefused } = parts;
  if (loggedIn || cartCount > 0 || favoriteIds.size > 0 || flash || consent || trackingRefused) return false;
  if (parts.scopeJson !== null && !pageContains(parts.scopeJson)) return false;
  return pageContains(parts.pageDataJson);
}

function inShop(shop: ShopContextValue, node: ReactNode): string {
  return renderToString(<ShopContext value={shop}>{node}</ShopContext>);
}

/** The kept page `body` with `parts` put in, as it streams. */
export function stitchPersonalParts(body: ReadableStream<Uint8Array>, parts: PersonalParts): ReadableStream {
  const { shop, cartCount, favoriteIds } = parts;
  const t = shop.t;
  const cartLabel =
    cartCount === 0
      ? t('header.cartCount.zero')
      : t(`header.cartCount.${countForm(shop.localeIso, cartCount) as 'one' | 'other'}`, { count: cartCount });
  const favoritesCount = favoriteIds.size;
  // The product of the favorite form being read: its hidden productId comes before its button.
  let formProduct: number | null = null;
  let rewriter = new HTMLRewriter()
    .on('[nonce]', {
      element(element) {
        if (parts.nonce) element.setAttribute('nonce', parts.nonce);
        else element.removeAttribute('nonce');
      },
    })
    .on('[data-island="CartCounter"] .cart-counter', {
      element(element) {
        element.setAttribute('data-count', String(cartCount));
        element.setAttribute('aria-label', cartLabel);
      },
    })
    .on('[data-island="CartCounter"] .cart-counter__count', {
      element(element) {
        element.setInnerContent(String(cartCount));
      },
    })
    .on('a[data-favorites-link]', {
      element(element) {
        element.setAttribute(
          'aria-label',
          t(`favorites.headerLink.${pluralKey(shop.locale, favoritesCount)}`, { count: favoritesCount }),
        );
      },
    })
    .on('[data-favorites-count]', {
      element(element) {
        element.setInnerContent(String(favoritesCount));
        if (favoritesCount === 0) element.setAttribute('hidden', '');
        else element.removeAttribute('hidden');
      },
    })
    .on('form.favorite-form', {
      element() {
        formProduct = null;
      },
    })
    .on('form.favorite-form input[name="productId"]', {
      element(element) {
        const id = Number(element.getAttribute('value'));
        formProduct = Number.isInteger(id) ? id : null;
      },
    })
    .on('form.favorite-form button[aria-pressed]', {
      element(element) {
        element.setAttribute('aria-pressed', String(formProduct !== null && favoriteIds.has(formProduct)));
      },
    })
    // A card's heart names its product itself (CardFavoriteToggle.tsx).
    .on('button.favorite-button--card', {
      element(element) {
        const id = Number(element.getAttribute('value'));
        element.setAttribute('aria-pressed', String(Number.isInteger(id) && favoriteIds.has(id)));
      },
    })
    .on('script#page-data', {
      element(element) {
        element.setInnerContent(parts.pageDataJson, { html: true });
      },
    });
  if (parts.scopeJson !== null) {
    const scopeJson = parts.scopeJson;
    rewriter = rewriter.on('script#shop-scope', {
      element(element) {
        element.setInnerContent(scopeJson, { html: true });
      },
    });
  }
  if (parts.loggedIn) {
    const menu = inShop(shop, <AccountMenu />);
    rewriter = rewriter
      .on('.site-header a[data-account-link]', {
        element(element) {
          element.replace(menu, { html: true });
        },
      })
      .on('.site-header #login-panel', {
        element(element) {
          element.remove();
        },
      });
  }
  if (parts.flash) {
    const notice = inShop(shop, <FlashNotice flash={parts.flash} />);
    rewriter = rewriter.on('main#main', {
      element(element) {
        element.prepend(notice, { html: true });
      },
    });
  }
  // The banner goes once the browser has refused tracking or the shopper has chosen; the footer then says
  // which: instead of its settings when the browser refused, above them after a choice.
  const consentText = parts.trackingRefused
    ? t('chrome.consent.browserRefuses')
    : parts.consent && t(`chrome.consent.current.${parts.consent}`);
  if (consentText) {
    const text = `<p class="site-footer__consent-text">${escapeHtml(consentText)}</p>`;
    const replacesSettings = parts.trackingRefused;
    rewriter = rewriter
      .on('[data-consent-banner]', {
        element(element) {
          element.remove();
        },
      })
      .on('.site-footer__consent', {
        element(element) {
          if (replacesSettings) element.setInnerContent(text, { html: true });
          else element.prepend(text, { html: true });
        },
      });
  }
  return rewriter.transform(new Response(body)).body!;
}
