/**
 * The product's colour and its other colours. Each colour of a line is a product of its own (worker/
 * pages/colour-variants.ts), so the other colours are links to their product pages.
 */
import { useShop } from '../ShopContext';
import { productImagePath } from '../ProductCard';
import type { ColourVariant } from './types';

const SWATCH_SIZE = 48;

export function ColourVariants({ colour, variants }: { colour: string | null; variants: readonly ColourVariant[] }) {
  const { t, href } = useShop();
  if (!colour) return null;
  return (
    <div className="colour-picker">
      <p className="colour-picker__current">
        {t('productPage.colour')}: <strong>{colour}</strong>
      </p>
      {variants.length > 0 && (
        <nav aria-label={t('productPage.otherColours')}>
          <ul className="colour-picker__list">
            {variants.map((variant) => (
              <li key={variant.alias}>
                <a className="colour-swatch" href={href('product', { alias: variant.alias })}>
                  {variant.image && (
                    <img
                      src={productImagePath(variant.image)}
                      alt=""
                      width={SWATCH_SIZE}
                      height={SWATCH_SIZE}
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                  <span className="colour-swatch__name">{variant.colour}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
