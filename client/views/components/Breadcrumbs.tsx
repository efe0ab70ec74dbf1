/**
 * The trail above a page: the start page, then `trail`. An item with `href` is a link, the last item is
 * the current page (`aria-current`). One component for product, list and content pages.
 */
import { useShop } from './ShopContext';

export interface Crumb {
  name: string;
  href?: string;
}

export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const { t, href } = useShop();
  const crumbs: Crumb[] = [{ name: t('breadcrumbs.home'), href: href('index') }, ...trail];
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
      <ol className="breadcrumbs__list">
        {crumbs.map((crumb, index) => (
          <li key={`${index}:${crumb.name}`}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : crumb.href ? (
              <a href={crumb.href}>{crumb.name}</a>
            ) : (
              crumb.name
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
