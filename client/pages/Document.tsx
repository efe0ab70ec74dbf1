/**
 * The document shell every page streams first: <html lang>, meta, theme colour, the stylesheet, header
 * and footer around the page. React adds the entry script (with the response's nonce) after the shell.
 */
import type { ReactNode } from 'react';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { NonceContext } from '../components/Island';
import { ShopContext, type ShopContextValue } from '../components/ShopContext';

export const THEME_COLOR = '#FDD600';

/** A language version of the page for `<link rel="alternate" hreflang>`; 'x-default' for the fallback. */
export interface Alternate {
  hreflang: string;
  /** Absolute URL. */
  href: string;
}

export interface DocumentProps {
  shop: ShopContextValue;
  title: string;
  description: string;
  /** Absolute URL of the page without tracking parameters. */
  canonical?: string;
  /** The page in the other languages of the market (absolute URLs). */
  alternates?: readonly Alternate[];
  nonce: string | undefined;
  stylesheet: string;
  cartCount: number;
  shipping: { fee: string; freeFrom: string } | null;
  /** 'default' or the checkout's 'undistracted' layout (spec §2). */
  layout?: 'default' | 'undistracted';
  children: ReactNode;
}

export function Document(props: DocumentProps) {
  const { shop, title, description, nonce, stylesheet, children } = props;
  return (
    <html lang={shop.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <meta name="theme-color" content={THEME_COLOR} />
        {props.canonical && <link rel="canonical" href={props.canonical} />}
        {props.alternates?.map((alternate) => (
          <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
        ))}
        <link rel="stylesheet" href={stylesheet} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <NonceContext value={nonce}>
          <ShopContext value={shop}>
            <Header cartCount={props.cartCount} freeShippingFrom={props.shipping?.freeFrom ?? null} />
            <main id="main" className="site-main">
              {children}
            </main>
            {props.layout !== 'undistracted' && <Footer shipping={props.shipping} />}
          </ShopContext>
        </NonceContext>
      </body>
    </html>
  );
}
