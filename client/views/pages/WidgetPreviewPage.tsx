/**
 * The widget preview for editors: a plain GET form to choose the area (the start page or a content page),
 * then every widget of that area as the shop shows it, each under a label with its type and width.
 */
import type { ReactNode } from 'react';
import { useShop } from '../components/ShopContext';
import { WidgetArea } from '../components/widgets/WidgetArea';
import type { WidgetAreaData, WidgetData } from '../components/widgets/types';
import type { ContentPageLink } from './ContentPage';

export interface WidgetPreviewPageProps {
  /** The chosen area; null when it does not exist. */
  area: WidgetAreaData | null;
  /** The content pages whose areas can be previewed. */
  choices: readonly ContentPageLink[];
  /** The chosen content page's alias, '' for the start page. */
  selected: string;
  /** This page's path, where the form sends the choice. */
  action: string;
}

export function WidgetPreviewPage({ area, choices, selected, action }: WidgetPreviewPageProps) {
  const { t } = useShop();
  const frame = (widget: WidgetData, content: ReactNode) => (
    <div className="widget-preview">
      <p className="widget-preview__label">
        {t('content.widgetLabel', {
          type: t(`content.widgetTypes.${widget.kind}`),
          size: t(`content.widgetSizes.${widget.size}`),
        })}
      </p>
      {content}
    </div>
  );
  return (
    <div className="preview-page">
      <h1 className="preview-page__title">{t('content.previewTitle')}</h1>
      <p className="preview-page__intro">{t('content.previewIntro')}</p>
      <form className="preview-page__form" method="get" action={action}>
        <label htmlFor="preview-area">{t('content.previewArea')}</label>
        <select id="preview-area" name="alias" defaultValue={selected}>
          <option value="">{t('content.previewFrontpage')}</option>
          {choices.map((choice) => (
            <option key={choice.alias} value={choice.alias}>
              {choice.title}
            </option>
          ))}
        </select>
        <button className="button button--primary" type="submit">
          {t('content.previewShow')}
        </button>
      </form>
      {!area && <p className="notice">{t('content.previewMissing')}</p>}
      {area && area.containers.length === 0 && <p className="notice">{t('content.previewEmpty')}</p>}
      {area && <WidgetArea containers={area.containers} frame={frame} />}
    </div>
  );
}
