/**
 * The brands page: an index of letters (links to each letter's section; a letter without brands is shown
 * but is no link), then each letter's brands, each linking to the brand's product list with its count.
 */
import { pluralKey } from '../../../locales';
import { brandIndex, OTHER_GROUP, type BrandLetter } from '../components/brand-index';
import type { IndexedBrand } from '../components/brand-index';
import { useShop } from '../components/ShopContext';

export function BrandsPage({ brands }: { brands: readonly IndexedBrand[] }) {
  const { t, locale } = useShop();
  const letters = brandIndex(brands, locale);
  const label = (group: BrandLetter) => (group.letter === OTHER_GROUP ? t('brands.otherCharacters') : group.letter);
  return (
    <div className="brands-page">
      <h1 className="brands-page__title">{t('brands.title')}</h1>
      <p className="brands-page__intro">{t('brands.intro')}</p>
      {brands.length === 0 ? (
        <p className="notice">{t('brands.empty')}</p>
      ) : (
        <>
          <nav className="letter-nav" aria-label={t('brands.letters')}>
            <ul className="letter-nav__list">
              {letters.map((group) => (
                <li key={group.id}>
                  {group.brands.length > 0 ? (
                    <a className="letter-nav__letter" href={`#${group.id}`}>
                      {label(group)}
                    </a>
                  ) : (
                    <span className="letter-nav__letter letter-nav__letter--empty">
                      {label(group)}
                      <span className="visually-hidden"> ({t('brands.noBrands')})</span>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <div className="brand-groups">
            {letters
              .filter((group) => group.brands.length > 0)
              .map((group) => (
                <section key={group.id} id={group.id} className="brand-group" aria-labelledby={`${group.id}-title`}>
                  <h2 id={`${group.id}-title`} className="brand-group__letter">
                    {label(group)}
                  </h2>
                  <ul className="brand-group__list">
                    {group.brands.map((brand) => (
                      <BrandLink key={brand.alias} brand={brand} />
                    ))}
                  </ul>
                </section>
              ))}
          </div>
        </>
      )}
    </div>
  );
}

function BrandLink({ brand }: { brand: IndexedBrand }) {
  const { t, href, locale } = useShop();
  return (
    <li>
      <a className="brand-link" href={href('brand', { brand: brand.alias })}>
        <span className="brand-link__name">{brand.name}</span>
        {brand.count !== null && (
          <span className="brand-link__count">
            {t(`brands.productCount.${pluralKey(locale, brand.count)}`, { count: brand.count })}
          </span>
        )}
      </a>
    </li>
  );
}
