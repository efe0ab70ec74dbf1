import type { TextWidgetData } from './types';

/**
 * Editorial text. Its HTML comes from the shop's own content store (widget configurations in D1, written
 * by the shop's editors), so it is rendered as HTML; the strict CSP keeps any script in it from running.
 * A content page's own text widget repeats the page title, which the page already shows as its h1.
 */
export function TextWidget({ widget, pageTitle }: { widget: TextWidgetData; pageTitle?: string | null }) {
  const title = widget.title && widget.title !== pageTitle ? widget.title : null;
  const titleId = `widget-${widget.id}-title`;
  return (
    <section className="text-widget" aria-labelledby={title ? titleId : undefined}>
      {title && (
        <h2 id={titleId} className="text-widget__title">
          {title}
        </h2>
      )}
      <div className="prose" dangerouslySetInnerHTML={{ __html: widget.html }} />
    </section>
  );
}
