/**
 * The product's images, usable without JavaScript: a strip that snaps from image to image (swipe or
 * scroll it, or use the keyboard once it has focus) and thumbnails that are links to each image. Every
 * image has its size set; only the first loads at once, with high priority (it is the page's largest
 * paint), the others lazily.
 */
import { PRODUCT_IMAGE_SIZE, productImagePath } from '../ProductCard';
import { useShop } from '../ShopContext';

const THUMBNAIL_SIZE = 72;

export function Gallery({ images, name }: { images: readonly string[]; name: string }) {
  const { t } = useShop();
  const count = images.length;
  if (count === 0) return <div className="gallery gallery--empty" aria-hidden="true" />;
  const slideId = (index: number) => `product-image-${index + 1}`;
  return (
    <div className="gallery">
      <ul className="gallery__track" aria-label={t('productPage.gallery')} tabIndex={count > 1 ? 0 : undefined}>
        {images.map((fileName, index) => (
          <li key={`${fileName}-${index}`} id={slideId(index)} className="gallery__slide">
            <img
              src={productImagePath(fileName)}
              alt={index === 0 ? name : t('productPage.imageAlt', { name, number: index + 1, count })}
              width={PRODUCT_IMAGE_SIZE}
              height={PRODUCT_IMAGE_SIZE}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
              decoding={index === 0 ? 'sync' : 'async'}
            />
          </li>
        ))}
      </ul>
      {count > 1 && (
        <ul className="gallery__thumbs">
          {images.map((fileName, index) => (
            <li key={`${fileName}-${index}`}>
              <a
                className="gallery__thumb"
                href={`#${slideId(index)}`}
                aria-label={t('productPage.showImage', { number: index + 1, count })}
              >
                <img
                  src={productImagePath(fileName)}
                  alt=""
                  width={THUMBNAIL_SIZE}
                  height={THUMBNAIL_SIZE}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
