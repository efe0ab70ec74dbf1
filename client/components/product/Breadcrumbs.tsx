/** The category trail above a product (spec §3 Product breadcrumbs), ending at the product itself. */
import { useShop } from '../ShopContext';
import type { BreadcrumbData } from './types';

/** The category alias of a breadcrumb's API path (`/c/{alias}`; the alias is its last segment). */
export function categoryAliasOf(url: string | null): string | null {
  const alias = url?.split(/[?#]/)[0]?.split('/').filter(Boolean).pop();
  return alias ? decodeURIComponent(alias) : null;
}

export function Breadcrumbs({ crumbs, current }: { crumbs: readonly BreadcrumbData[]; current: string }) {
  const { t, href } = useShop();
  return (
    <nav className="breadcrumbs" aria-label={t('productPage.breadcrumbs')}>
      <ol className="breadcrumbs__list">
        <li>
          <a href={href('index')}>{t('productPage.home')}</a>
        </li>
        {crumbs.map((crumb) => {
          const alias = categoryAliasOf(crumb.url);
          return (
            <li key={crumb.categoryId}>{alias ? <a href={href('category', { category: alias })}>{crumb.name}</a> : crumb.name}</li>
          );
        })}
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}
