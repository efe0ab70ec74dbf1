import { Suspense, use } from 'react';
import { PRODUCT_IMAGE_SIZE } from '../ProductCard';
import { useShop } from '../ShopContext';
import type { CategoryPuff, CategoryPuffsWidgetData } from './types';
import { localizedHref } from './widget-links';

/** Category puffs: a picture and a name per category, each a link to the category's list. */
export function CategoryPuffsWidget({ widget }: { widget: CategoryPuffsWidgetData }) {
  const { t } = useShop();
  const titleId = `widget-${widget.id}-title`;
  return (
    <section className="puffs-widget" aria-labelledby={widget.title ? titleId : undefined}>
      {widget.title && (
        <div className="widget-head">
          <h2 id={titleId} className="widget-head__title">
            {widget.title}
          </h2>
        </div>
      )}
      <Suspense
        fallback={
          <div className="category-puffs category-puffs--loading" role="status">
            <span className="visually-hidden">{t('content.loading')}</span>
          </div>
        }
      >
        <CategoryPuffList categories={widget.categories} />
      </Suspense>
    </section>
  );
}

function CategoryPuffList({ categories }: { categories: Promise<CategoryPuff[] | null> }) {
  const { t, href } = useShop();
  const list = use(categories);
  if (!list) return <p className="notice notice--error">{t('errors.generic')}</p>;
  return (
    <ul className="category-puffs">
      {list.map((category) => (
        <li key={category.categoryId}>
          <a className="category-puff" href={localizedHref(category.url, href)}>
            {category.image && (
              <img
                className="category-puff__image"
                src={`/images/products/${category.image}`}
                alt=""
                width={PRODUCT_IMAGE_SIZE}
                height={PRODUCT_IMAGE_SIZE}
                loading="lazy"
                decoding="async"
              />
            )}
            <span className="category-puff__name">{category.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
