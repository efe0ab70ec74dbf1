/**
 * A content page (about us, terms, delivery…): breadcrumbs home → page, the page title as the one h1, the
 * page's widget area (its text, and any banners or shelves the editors added), and beside it a menu of
 * all content pages so a shopper looking for terms finds delivery and privacy too.
 */
import { useShop } from '../components/ShopContext';
import { WidgetArea } from '../components/widgets/WidgetArea';
import type { WidgetAreaData } from '../components/widgets/types';
import { Breadcrumbs } from '../components/Breadcrumbs';

/** A content page in a menu: its alias and title in the request's language. */
export interface ContentPageLink {
  alias: string;
  title: string;
}

export interface ContentPageProps {
  title: string;
  /** This page's alias in the request's language. */
  alias: string;
  area: WidgetAreaData;
  /** Every content page, this one included. */
  pages: readonly ContentPageLink[];
}

export function ContentPage({ title, alias, area, pages }: ContentPageProps) {
  const { t, href } = useShop();
  return (
    <div className="content-page">
      <Breadcrumbs trail={[{ name: title }]} />
      <div className="content-page__layout">
        <article className="content-page__main">
          <h1 className="content-page__title">{title}</h1>
          <div className="content-page__body">
            <WidgetArea containers={area.containers} priority pageTitle={title} />
          </div>
        </article>
        {pages.length > 1 && (
          <nav className="content-menu" aria-labelledby="content-menu-title">
            <h2 id="content-menu-title" className="content-menu__title">
              {t('content.morePages')}
            </h2>
            <ul className="content-menu__list">
              {pages.map((page) => (
                <li key={page.alias}>
                  <a
                    className="content-menu__link"
                    href={href('content-page', { alias: page.alias })}
                    aria-current={page.alias === alias ? 'page' : undefined}
                  >
                    {page.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </div>
  );
}
