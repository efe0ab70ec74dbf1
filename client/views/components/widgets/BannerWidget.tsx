import { useShop } from '../ShopContext';
import type { BannerWidgetData } from './types';
import { localizedHref } from './widget-links';

/**
 * A campaign or theme banner: heading, a line of text, a call to action and a picture. The first banner of
 * a page is its largest picture, so it loads at once (`priority`); the others wait until they are near.
 */
export function BannerWidget({ widget, priority }: { widget: BannerWidgetData; priority: boolean }) {
  const { href } = useShop();
  const titleId = `widget-${widget.id}-title`;
  return (
    <section className={`banner banner--${widget.size}`} aria-labelledby={titleId}>
      <div className="banner__body">
        <h2 id={titleId} className="banner__title">
          {widget.title}
        </h2>
        {widget.text && <p className="banner__text">{widget.text}</p>}
        {widget.href && (
          <a className="button button--primary banner__action" href={localizedHref(widget.href, href)}>
            {widget.buttonText ?? widget.title}
          </a>
        )}
      </div>
      {widget.image && (
        <div className="banner__media">
          <img
            src={`/images/products/${widget.image.fileName}`}
            alt=""
            width={widget.image.width}
            height={widget.image.height}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
          />
        </div>
      )}
    </section>
  );
}
