/**
 * The document shell every page streams first: <html lang>, meta, theme colour, the stylesheet, header
 * and footer around the page. React adds the entry script (with the response's nonce) after the shell.
 */
import { ImpersonationBanner } from '../components/ImpersonationBanner';
import type { ReactNode } from 'react';
import { FlashNotice, type FlashMessage } from '../components/FlashNotice';
import { Footer } from '../components/Footer';
import { ConsentBanner } from '../components/ConsentBanner';
import { Header } from '../components/Header';
import type { ChromeData } from '../components/chrome-data';
import { NonceContext, serializeProps } from '../components/Island';
import { contentKey, Prerendered } from '../components/Prerendered';
import { ShopContext, type ShopContextValue } from '../components/ShopContext';
import { SHOP_SCOPE_ELEMENT_ID, type ShopScope } from '../../store/scope';
import { themeStyle, type Theme } from '../../../core/theme';

export const THEME_COLOR = '#FDD600';

/** A language version of the page for `<link rel="alternate" hreflang>`; 'x-default' for the fallback. */
export interface Alternate {
  hreflang: string;
  /** Absolute URL. */
  href: string;
}

/** A `<meta property|name content>` tag of a page's own, e.g. Open Graph (`og:title`). */
export interface MetaTag {
  property?: string;
  name?: string;
  content: string;
}

/** A `<link rel href>` of a page's own, e.g. `rel="next"` on a paged list. */
export interface HeadLink {
  rel: string;
  /** Absolute URL. */
  href: string;
}

export interface DocumentProps {
  shop: ShopContextValue;
  /** What the browser's scripts know of the request (client/store/scope.ts); null on bare error pages. */
  scope?: ShopScope | null;
  title: string;
  description: string;
  /** Absolute URL of the page without tracking parameters. */
  canonical?: string;
  /** The page in the other languages of the market (absolute URLs). */
  alternates?: readonly Alternate[];
  /** The page's own meta tags (Open Graph and the like), after the description. */
  meta?: readonly MetaTag[];
  /** The page's own links (rel prev/next of a paged list), after the canonical link. */
  headLinks?: readonly HeadLink[];
  nonce: string | undefined;
  stylesheet: string;
  cartCount: number;
  /** Menus, pickers and analytics page data of the header and footer (worker/render/chrome.ts). */
  chrome: ChromeData;
  shipping: { fee: string; freeFrom: string } | null;
  /** 'default' or the checkout's 'undistracted' layout (spec §2). */
  layout?: 'default' | 'undistracted';
  /** `<meta name="robots" content="noindex">`: a page search engines should not list (widget preview). */
  noindex?: boolean;
  /** The one-time message after a form post (worker/session/flash.ts), shown at the top of <main>. */
  flash?: FlashMessage | null;
  /**
   * The page never suspends (no deferred data, or all of it settled): render it as one string, which costs
   * a third of React's streamed rendering. A page still waiting for data streams it behind Suspense.
   */
  prerender?: boolean;
  /**
   * The channel's theme (spec §3, core/theme.ts): its custom properties in a small `<style>` after the
   * stylesheet, and its accent as the browser's theme colour. Absent or default: nothing is added.
   */
  theme?: Theme;
  /** Speculation Rules (JSON) for prefetching likely next pages (worker/render/speculation.ts); null for none. */
  speculationRules?: string | null;
  /**
   * The page script, when the document is rendered as one string (`renderToString` has no
   * `bootstrapModules`): its preload in the head and its module script at the end of the body, as React's
   * streamed rendering writes them.
   */
  bootstrapModule?: string;
  children: ReactNode;
}

export function Document(props: DocumentProps) {
  const { shop, title, description, nonce, stylesheet, children } = props;
  const style = props.theme ? themeStyle(props.theme) : '';
  // Everything the header and footer are made of (their strings are kept by it, see Prerendered); the
  // menus' links by their content's number (contentKey).
  const { chrome } = props;
  const chromeKey = JSON.stringify([
    shop.locale,
    shop.localePrefix,
    shop.customerType,
    shop.currentPath,
    shop.market,
    shop.loggedIn,
    { ...chrome, mainMenu: contentKey(chrome.mainMenu), footerMenu: contentKey(chrome.footerMenu) },
    props.shipping,
    new Date().getUTCFullYear(),
  ]);
  return (
    <html lang={shop.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {props.bootstrapModule && (
          <link rel="modulepreload" fetchPriority="low" nonce={nonce} href={props.bootstrapModule} />
        )}
        <title>{title}</title>
        <meta name="description" content={description} />
        <meta name="theme-color" content={props.theme?.['accent-color'] ?? THEME_COLOR} />
        {props.meta?.map((tag) => (
          <meta key={tag.property ?? tag.name} property={tag.property} name={tag.name} content={tag.content} />
        ))}
        {props.noindex && <meta name="robots" content="noindex" />}
        {props.canonical && <link rel="canonical" href={props.canonical} />}
        {props.headLinks?.map((link) => (
          <link key={link.rel} rel={link.rel} href={link.href} />
        ))}
        {props.alternates?.map((alternate) => (
          <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
        ))}
        <link rel="stylesheet" href={stylesheet} />
        {/* Checked values only (core/theme.ts): nothing in it can be more than a custom property. */}
        {style && <style nonce={nonce} dangerouslySetInnerHTML={{ __html: style }} />}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Installable (issue 28): each language's manifest starts the app on its own start page. */}
        <link rel="manifest" href={`/manifest.webmanifest?locale=${props.shop.locale}`} />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        {props.speculationRules && (
          <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: props.speculationRules }} />
        )}
      </head>
      <body>
        {/* The analytics page data (spec §7 page_data), read by client/browser/analytics.ts. */}
        <script
          type="application/json"
          id="page-data"
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: serializeProps(props.chrome.pageData) }}
        />
        {/* The request's scope for the cart and other client modules (client/store/scope.ts). */}
        {props.scope && (
          <script
            type="application/json"
            id={SHOP_SCOPE_ELEMENT_ID}
            nonce={nonce}
            dangerouslySetInnerHTML={{ __html: serializeProps(props.scope) }}
          />
        )}
        {/* The navigation loading bar (client/browser/loading-bar.ts); hidden until a navigation takes long. */}
        <div className="loading-bar" data-loading-bar="" aria-hidden="true" hidden>
          <div className="loading-bar__fill" />
        </div>
        <p
          className="visually-hidden"
          role="status"
          data-loading-status=""
          data-failed-text={shop.t('chrome.loadingFailed')}
        />
        {/* Spec §8: a script that could not load even after a reload (client/browser/chunk-failure.ts). */}
        <div className="page-error" role="alert" data-chunk-error="" hidden>
          <p className="page-error__text">{shop.t('errors.generic')}</p>
          <button type="button" className="button button--primary page-error__retry" data-chunk-retry="">
            {shop.t('errors.tryAgain')}
          </button>
        </div>
        <NonceContext value={nonce}>
          <ShopContext value={shop}>
            {/* Header and footer never suspend: one string each is much cheaper to stream (Prerendered). */}
            <Prerendered
              className="chrome-part"
              cacheKey={`header|${chromeKey}|${props.cartCount}|${props.layout}|${shop.favoriteIds?.size ?? 0}`}
            >
              <Header
                cartCount={props.cartCount}
                freeShippingFrom={props.shipping?.freeFrom ?? null}
                chrome={props.chrome}
                undistracted={props.layout === 'undistracted'}
              />
            </Prerendered>
            {shop.impersonation && <ImpersonationBanner {...shop.impersonation} />}
            <main id="main" className="site-main">
              {props.flash && <FlashNotice flash={props.flash} />}
              {/* A page whose data is all there renders as one string too; one still waiting streams. */}
              {props.prerender ? <Prerendered className="chrome-part">{children}</Prerendered> : children}
            </main>
            {props.layout !== 'undistracted' && (
              <Prerendered className="chrome-part" cacheKey={`footer|${chromeKey}`}>
                <Footer shipping={props.shipping} chrome={props.chrome} />
              </Prerendered>
            )}
            {props.chrome.consent.ask && <ConsentBanner />}
          </ShopContext>
        </NonceContext>
        {/* Not `async` (React would hoist an async script into the head): a module script runs after parsing. */}
        {props.bootstrapModule && <script type="module" src={props.bootstrapModule} nonce={nonce} />}
      </body>
    </html>
  );
}
