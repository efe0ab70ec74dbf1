/**
 * The one-time message after a form post (add to cart, favorite toggle), shown at the top of the page
 * the form redirected to. The worker reads it from the `ralph-flash` cookie (worker/session/flash.ts): a message
 * key and its parameters, never HTML. Success is a polite status, an error an alert.
 */
import type { MessageKey } from '../../../locales';
import type { Screen } from '../../../locales/routes';
import { useShop } from './ShopContext';

export interface FlashMessage {
  kind: 'success' | 'error';
  key: MessageKey;
  params: Record<string, string | number>;
}

/**
 * Where a shopper goes next after a message: the checkout after adding (spec §3 'added'). The favorites
 * page comes with issue 6; a link to it after saving a favorite can join here then.
 */
const NEXT_STEP: Partial<Record<MessageKey, { screen: Extract<Screen, 'checkout'>; label: MessageKey }>> = {
  'forms.cart.added': { screen: 'checkout', label: 'forms.cart.toCheckout' },
};

export function FlashNotice({ flash }: { flash: FlashMessage }) {
  const { t, href } = useShop();
  const next = NEXT_STEP[flash.key];
  const campaign = flash.params.campaign;
  return (
    <div
      className={`notice flash flash--${flash.kind} notice--${flash.kind}`}
      role={flash.kind === 'error' ? 'alert' : 'status'}
    >
      <p className="flash__message">{t(flash.key, flash.params)}</p>
      {campaign !== undefined && campaign !== '' && (
        <p className="flash__detail">{t('forms.cart.campaign', { campaign })}</p>
      )}
      {next && (
        <p className="flash__detail">
          <a className="flash__link" href={href(next.screen)}>
            {t(next.label)}
          </a>
        </p>
      )}
    </div>
  );
}
