import { useShop } from '../ShopContext';
import type { ImageWidgetData } from './types';
import { localizedHref } from './widget-links';

/** A picture, linked when the editor gave it a target (then its alt text names the link). */
export function ImageWidget({ widget, priority }: { widget: ImageWidgetData; priority: boolean }) {
  const { href } = useShop();
  const image = (
    <img
      src={`/images/products/${widget.image.fileName}`}
      alt={widget.alt}
      width={widget.image.width}
      height={widget.image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
  return (
    <figure className="image-widget">
      {widget.href ? <a href={localizedHref(widget.href, href)}>{image}</a> : image}
    </figure>
  );
}
