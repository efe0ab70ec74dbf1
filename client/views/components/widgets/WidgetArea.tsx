import type { ReactNode } from 'react';
import { BannerWidget } from './BannerWidget';
import { CategoryPuffsWidget } from './CategoryPuffsWidget';
import { ImageWidget } from './ImageWidget';
import { ProductListWidget } from './ProductListWidget';
import { TextWidget } from './TextWidget';
import type { WidgetContainerData, WidgetData } from './types';

export interface WidgetAreaProps {
  containers: readonly WidgetContainerData[];
  /** The first row holds the page's largest picture: load it at once. */
  priority?: boolean;
  /** A content page's title: a text widget with the same title does not repeat it. */
  pageTitle?: string | null;
  /** Wraps each widget, e.g. with a label in the widget preview. */
  frame?: (widget: WidgetData, content: ReactNode) => ReactNode;
}

function Widget({ widget, priority, pageTitle }: { widget: WidgetData; priority: boolean; pageTitle?: string | null }) {
  switch (widget.kind) {
    case 'BANNER':
      return <BannerWidget widget={widget} priority={priority} />;
    case 'TEXT':
      return <TextWidget widget={widget} pageTitle={pageTitle} />;
    case 'IMAGE':
      return <ImageWidget widget={widget} priority={priority} />;
    case 'PRODUCT_LIST':
      return <ProductListWidget widget={widget} />;
    case 'CATEGORY_PUFFS':
      return <CategoryPuffsWidget widget={widget} />;
  }
}

/** The rows of a widget area in order; the widgets of a row sit side by side from tablet width up. */
export function WidgetArea({ containers, priority = false, pageTitle, frame }: WidgetAreaProps) {
  return (
    <>
      {containers.map((container, row) => (
        <div key={container.id} className="widget-row">
          {container.widgets.map((widget) => {
            const content = <Widget widget={widget} priority={priority && row === 0} pageTitle={pageTitle} />;
            return (
              <div key={widget.id} className={`widget widget--${widget.size}`}>
                {frame ? frame(widget, content) : content}
              </div>
            );
          })}
        </div>
      ))}
    </>
  );
}
