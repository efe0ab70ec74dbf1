/**
 * The back office's page (issue 27): its own document, stylesheet and navigation; no shop chrome and no
 * script of the shop's. Plain forms do all the work; a page that needs more brings its own small module.
 */
import type { ReactNode } from 'react';
import type { AdminLocale, AdminTranslate } from '../../../locales/admin';

export interface AdminNavItem {
  href: string;
  label: string;
  current: boolean;
}

export interface AdminDocumentProps {
  lang: AdminLocale;
  title: string;
  stylesheet: string;
  at: AdminTranslate;
  /** The signed-in staff member's line ("Inloggad som … (ägare)"), absent on a page for someone who is not. */
  signedInAs?: string;
  nav: AdminNavItem[];
  /** Where the language form sends the staff member back to. */
  path: string;
  notice: { text: string; tone: 'success' | 'error' } | null;
  /** Seconds after which the page loads itself again (an import being applied), absent on most pages. */
  refresh?: number;
  /** A module of the page's own (with the response's nonce), absent on most pages. */
  script?: { src: string; nonce?: string };
  children: ReactNode;
}

export function AdminDocument(props: AdminDocumentProps) {
  const { at, lang } = props;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        {props.refresh ? <meta httpEquiv="refresh" content={String(props.refresh)} /> : null}
        <title>{`${props.title} – ${at('shell.title')}`}</title>
        <link rel="stylesheet" href={props.stylesheet} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {props.script ? <script type="module" src={props.script.src} nonce={props.script.nonce} /> : null}
      </head>
      <body className="admin">
        <a className="admin-skip" href="#admin-main">
          {at('shell.skip')}
        </a>
        <header className="admin-header">
          <p className="admin-header__title">
            <a href="/admin">{at('shell.title')}</a>
          </p>
          {props.signedInAs ? <p className="admin-header__who">{props.signedInAs}</p> : null}
          <form className="admin-header__language" method="post" action="/admin/language">
            <input type="hidden" name="back" value={props.path} />
            <label>
              {at('shell.language')}{' '}
              <select name="language" defaultValue={lang}>
                <option value="sv">Svenska</option>
                <option value="en">English</option>
              </select>
            </label>{' '}
            <button type="submit">{at('shell.changeLanguage')}</button>
          </form>
          <a className="admin-header__shop" href="/">
            {at('shell.toShop')}
          </a>
        </header>
        {props.nav.length > 0 ? (
          <nav className="admin-nav" aria-label={at('shell.nav')}>
            <ul>
              {props.nav.map((item) => (
                <li key={item.href}>
                  <a href={item.href} aria-current={item.current ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          {props.notice ? (
            <p
              className={`admin-notice admin-notice--${props.notice.tone}`}
              role={props.notice.tone === 'error' ? 'alert' : 'status'}
            >
              {props.notice.text}
            </p>
          ) : null}
          {props.children}
        </main>
      </body>
    </html>
  );
}
