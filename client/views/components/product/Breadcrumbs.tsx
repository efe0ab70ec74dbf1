/** The category trail above a product (spec §3 Product breadcrumbs), ending at the product itself. */
import { Breadcrumbs } from '../Breadcrumbs';
import { useShop } from '../ShopContext';
import type { BreadcrumbData } from './types';

/** The category alias of a breadcrumb's API path (`/c/{alias}`; the alias is its last segment). */
export function categoryAliasOf(url: string | null): string | null {
  const alias = url?.split(/[?#]/)[0]?.split('/').filter(Boolean).pop();
  return alias ? decodeURIComponent(alias) : null;
}

export function ProductBreadcrumbs({ crumbs, current }: { crumbs: readonly BreadcrumbData[]; current: string }) {
  const { href } = useShop();
  const trail = crumbs.map((crumb) => {
    const alias = categoryAliasOf(crumb.url);
    return { name: crumb.name, href: alias ? href('category', { category: alias }) : undefined };
  });
  return <Breadcrumbs trail={[...trail, { name: current }]} />;
}
